import type { PacketDefaults, Report, ReportDetail, ShotReadiness } from '@ridgeline/shared/contracts/documents';

// Documents as the server answers them, for the reports screens' tests.

export const PROJECT_ID = '00000000-0000-4000-8000-0000000000a1';
export const REPORT_ID = '00000000-0000-4000-8000-0000000000b1';
export const ESTIMATE_ID = '00000000-0000-4000-8000-0000000000e1';

export function fakeReport(over: Partial<Report> = {}): Report {
  return {
    id: REPORT_ID,
    kind: 'photo',
    title: 'Photo report: 12 Oak St',
    status: 'ready',
    progress: 100,
    projectId: PROJECT_ID,
    sessionId: null,
    proposalId: null,
    sourceLabel: 'Jordan Lee · 12 Oak St',
    pageCount: 9,
    fileSize: 123456,
    overrideReason: null,
    error: null,
    stale: false,
    version: 1,
    createdBy: { id: 'u-1', name: 'Alice Roof' },
    updatedBy: null,
    createdAt: '2026-11-20T15:00:00.000Z',
    updatedAt: '2026-11-20T15:00:00.000Z',
    renderedAt: '2026-11-20T15:00:10.000Z',
    ...over,
  };
}

export function fakeDetail(over: Partial<ReportDetail> = {}): ReportDetail {
  return { ...fakeReport(over), document: { sections: [], showAnnotations: true, showMetadata: true }, packet: null, ...over };
}

export function fakeReadiness(over: Partial<ShotReadiness> = {}): ShotReadiness {
  return { required: 14, captured: 14, complete: true, missing: [], photoCount: 30, ...over };
}

export const INCOMPLETE: ShotReadiness = fakeReadiness({
  captured: 12,
  complete: false,
  missing: [
    { key: 'elevation_left', label: 'Left elevation', phase: 'exterior' },
    { key: 'roof_overview', label: 'Roof overview', phase: 'roof' },
  ],
});

export function fakePacketDefaults(over: Partial<PacketDefaults> = {}): PacketDefaults {
  return {
    template: 'Re: Claim {{claim_number}} for {{homeowner_name}}.',
    values: { claim_number: 'CLM-4471', homeowner_name: 'Jordan Lee', carrier_name: 'State Farm' },
    estimates: [{ id: ESTIMATE_ID, label: 'Estimate v2', totalCents: 1_234_500 }],
    ...over,
  };
}
