import { BLANK_INSPECTION_CONTENT, type InspectionSession } from '@ridgeline/shared/contracts/inspections';

// The server's copy of an inspection session as the API answers it (tests only).

export function fakeInspection(id: string, overrides: Partial<InspectionSession> = {}): InspectionSession {
  const now = new Date().toISOString();
  return {
    id,
    projectId: null,
    ...BLANK_INSPECTION_CONTENT,
    inspector: { id: 'u-alice', name: 'Alice Roof' },
    createdBy: { id: 'u-alice', name: 'Alice Roof' },
    fieldEditedAt: {},
    photoCount: 0,
    photosByPhase: {},
    completedAt: null,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}
