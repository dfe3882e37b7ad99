import type { ConvertSessionResult, Estimate, Measurement } from '@ridgeline/shared/contracts/estimating';
import type { Company, Me } from '@ridgeline/shared/contracts/team';
import type { CompanyRole } from '@ridgeline/shared/domain/roles';
import { DEFAULT_HAIL_HIT_THRESHOLD } from '@ridgeline/shared/domain/inspection-analysis';
import { answer, json } from './fake-server';

// Fakes of the reads after an inspection's walk (tests only): the company with its hail-hit
// threshold, the signed-in user with a role, a session's measurement and estimate versions, and a
// conversion's answer.

export function fakeCompany(overrides: Partial<Company> = {}): Company {
  return {
    id: 'c-1',
    name: 'Peak Roofing',
    phone: null,
    address: null,
    logoUrl: null,
    plan: 'professional',
    trialEndsAt: null,
    hailHitThreshold: DEFAULT_HAIL_HIT_THRESHOLD,
    ...overrides,
  };
}

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

const NOW = '2026-11-23T09:00:00.000Z';

export function fakeMeasurement(sessionId: string, overrides: Partial<Measurement> = {}): Measurement {
  return {
    id: '7f1f7c0e-0000-4000-8000-00000000a001',
    sessionId,
    projectId: null,
    projectTitle: null,
    sessionAddress: '12 Elm St',
    label: '',
    structures: [
      {
        structureId: 'house',
        name: 'Main house',
        facets: [{ id: 'f1', name: '', pitchRise: 6, planAreaSqFt: 2000, lengthFt: null, widthFt: null }],
        linear: { ridge: 40, hip: 0, valley: 0, rake: 60, eave: 80, stepFlashing: 0, headwall: 0 },
        hipValleyInPlan: false,
        wastePct: 10,
        layers: 1,
        stories: 1,
      },
    ],
    reportTotals: null,
    report: null,
    notes: null,
    totals: { trueAreaSqFt: 2236.07, squares: 22.36, orderSquares: 24.6 },
    createdByName: 'Alice Roof',
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

export function fakeEstimate(sessionId: string, version: number, overrides: Partial<Estimate> = {}): Estimate {
  return {
    id: `7f1f7c0e-0000-4000-8000-00000000e00${version}`,
    sessionId,
    projectId: null,
    version,
    isLatest: true,
    lines: [],
    depreciationMode: 'overall',
    overallDepreciationBp: 0,
    opEnabled: false,
    carrierScope: [],
    notes: null,
    totals: { subtotalCents: 0, overheadCents: 0, profitCents: 0, rcvCents: 0, depreciationCents: 0, acvCents: 0 },
    supplement: [],
    sessionAddress: '12 Elm St',
    createdByName: 'Alice Roof',
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

/** GET /api/measurements and GET /api/estimates of a session: `measurements` and `versions` estimate versions. */
export function answerSessionNumbers(sessionId: string, { measurements = 0, versions = 0 }: { measurements?: number; versions?: number } = {}): void {
  answer('GET /api/measurements', json({ measurements: measurements > 0 ? [fakeMeasurement(sessionId)] : [] }));
  answer('GET /api/estimates', json({ estimates: Array.from({ length: versions }, (_, i) => fakeEstimate(sessionId, versions - i, { isLatest: i === 0 })) }));
}

export function fakeConvertResult(projectId: string, overrides: Partial<ConvertSessionResult> = {}): ConvertSessionResult {
  return { projectId, created: true, photos: 12, measurements: 1, estimates: 2, ...overrides };
}
