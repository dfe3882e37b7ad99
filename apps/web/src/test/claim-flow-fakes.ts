import type { ConvertSessionResult } from '@ridgeline/shared/contracts/estimating';
import type { Company, Me } from '@ridgeline/shared/contracts/team';
import type { CompanyRole } from '@ridgeline/shared/domain/roles';
import { fakeCompany } from './company-fakes';
import { fakeEstimate } from './estimating-fakes';
import { answer, json } from './fake-server';
import { fakeMeasurement } from './measurement-fakes';

// Fakes of the reads around an inspection's numbers (tests only): the company with its hail-hit
// threshold, the signed-in user with a role, a session's measurement and estimate versions (the
// measurement and estimate fakes' own), and a conversion's answer.

export function fakeMe(role: CompanyRole = 'owner'): Me {
  return {
    id: 'u-alice',
    email: 'alice@example.com',
    firstName: 'Alice',
    lastName: 'Roof',
    phone: null,
    avatarUrl: null,
    role: 'contractor',
    isEnabled: true,
    company: { id: 'c-1', name: 'Peak Roofing', role },
  };
}

/** GET /api/company and GET /api/me for a user of `role` in a company with `company`'s fields. */
export function answerCompany(company: Partial<Company> = {}, role: CompanyRole = 'owner'): void {
  answer('GET /api/company', json(fakeCompany(company)));
  answer('GET /api/me', json(fakeMe(role)));
}

/** GET /api/measurements and GET /api/estimates of a session: `measurements` and `versions` estimate versions. */
export function answerSessionNumbers(sessionId: string, { measurements = 0, versions = 0 }: { measurements?: number; versions?: number } = {}): void {
  answer('GET /api/measurements', json({ measurements: measurements > 0 ? [fakeMeasurement({ sessionId })] : [] }));
  answer(
    'GET /api/estimates',
    json({ estimates: Array.from({ length: versions }, (_, i) => fakeEstimate({ sessionId, version: versions - i, isLatest: i === 0 })) }),
  );
}

export function fakeConvertResult(projectId: string, overrides: Partial<ConvertSessionResult> = {}): ConvertSessionResult {
  return { projectId, created: true, photos: 12, measurements: 1, estimates: 2, ...overrides };
}
