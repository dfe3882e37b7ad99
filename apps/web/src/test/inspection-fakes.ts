import type { InspectionSession } from '@ridgeline/shared/contracts/inspections';

// The server's copy of an inspection session as the API answers it (tests only).

export function fakeInspection(id: string, overrides: Partial<InspectionSession> = {}): InspectionSession {
  const now = new Date().toISOString();
  return {
    id,
    projectId: null,
    status: 'in_progress',
    inspector: { id: 'u-alice', name: 'Alice Roof' },
    createdBy: { id: 'u-alice', name: 'Alice Roof' },
    street: '',
    city: null,
    state: null,
    zip: null,
    latitude: null,
    longitude: null,
    homeownerName: null,
    homeownerPhone: null,
    homeownerEmail: null,
    dateOfLoss: null,
    lossDescription: null,
    lossType: null,
    lossTypeSource: null,
    structures: [],
    carrierId: null,
    carrierName: null,
    policyNumber: null,
    claimNumber: null,
    adjusterName: null,
    adjusterPhone: null,
    adjusterEmail: null,
    deductibleCents: null,
    notes: null,
    fieldEditedAt: {},
    photoCount: 0,
    photosByPhase: {},
    completedAt: null,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}
