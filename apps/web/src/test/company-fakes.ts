import type { Company } from '@ridgeline/shared/contracts/team';
import { UNSET_ICE_BARRIER } from '@ridgeline/shared/domain/ice-barrier';
import { DEFAULT_HAIL_HIT_THRESHOLD } from '@ridgeline/shared/domain/inspection-analysis';

// The company as GET /api/company answers it (tests only): its hail-hit threshold, ice barrier and
// status moves as a new company has them, with `overrides`.

export function fakeCompany(overrides: Partial<Company> = {}): Company {
  return {
    id: 'c-1',
    name: 'Peak Roofing',
    statusMoves: 'move',
    phone: null,
    address: null,
    logoUrl: null,
    plan: 'professional',
    trialEndsAt: null,
    hailHitThreshold: DEFAULT_HAIL_HIT_THRESHOLD,
    timeZone: null,
    iceBarrier: UNSET_ICE_BARRIER,
    ...overrides,
  };
}
