import type { ReportDetail, ReportDocument } from '@ridgeline/shared/contracts/documents';
import type { Photo } from '@ridgeline/shared/contracts/photos';

// A claim file's photos and an advanced report draft made from them, as the API answers (tests only).

export const REPORT_ID = '7c0f4e2a-1b2c-4d3e-8f40-000000000001';
export const PROJECT_ID = '7c0f4e2a-1b2c-4d3e-8f40-0000000000aa';
export const photoId = (n: number) => `5d9f3a1e-2b8c-4e1f-9a77-${String(n).padStart(12, '0')}`;

export function fakePhoto(n: number, patch: Partial<Photo> = {}): Photo {
  return {
    id: photoId(n),
    sessionId: null,
    projectId: PROJECT_ID,
    structureId: 'house',
    fileName: `photo-${n}.jpg`,
    fileSize: 1000,
    mimeType: 'image/jpeg',
    sha256: String(n % 10).repeat(64),
    width: 400,
    height: 300,
    category: 'elevation',
    subcategory: 'front',
    phase: 'elevations',
    photoType: 'wide',
    notes: null,
    gpsCoordinates: '36.15,-95.99',
    gps: { lat: 36.15, lng: -95.99 },
    gpsSource: 'device',
    capturedAt: '2026-11-23T08:00:00Z',
    capturedAtSource: 'device',
    origin: null,
    deviceGps: null,
    metadataRead: true,
    flags: [],
    receivedAt: '2026-11-23T08:05:00Z',
    uploadedBy: { id: 'u-alice', name: 'Alice Roof' },
    filePath: 'x',
    url: `/files/${n}`,
    thumbSmallUrl: `/files/${n}/small`,
    thumbLargeUrl: null,
    annotation: null,
    deletedAt: null,
    purgeAt: null,
    createdAt: '2026-11-23T08:05:00Z',
    updatedAt: '2026-11-23T08:05:00Z',
    ...patch,
  };
}

/** Two sections: "Front" with photos 1-3, "Roof" with photos 4-5, two per page. */
export function fakeDocument(): ReportDocument {
  return {
    showAnnotations: true,
    showMetadata: true,
    sections: [
      { id: 'front', title: 'Front', note: '', layout: 2, photos: [1, 2, 3].map((n) => ({ photoId: photoId(n), caption: `Caption ${n}` })) },
      { id: 'roof', title: 'Roof', note: 'Test square N: 9 hits', layout: 2, photos: [4, 5].map((n) => ({ photoId: photoId(n), caption: `Caption ${n}` })) },
    ],
  };
}

export function fakeReport(patch: Partial<ReportDetail> = {}): ReportDetail {
  return {
    id: REPORT_ID,
    kind: 'advanced',
    title: 'Smith roof',
    status: 'draft',
    progress: 0,
    projectId: PROJECT_ID,
    sessionId: null,
    proposalId: null,
    sourceLabel: 'Smith · 12 Oak St',
    pageCount: null,
    fileSize: null,
    overrideReason: null,
    error: null,
    stale: false,
    version: 3,
    createdBy: { id: 'u-alice', name: 'Alice Roof' },
    updatedBy: { id: 'u-alice', name: 'Alice Roof' },
    createdAt: '2026-11-23T09:00:00.000Z',
    updatedAt: '2026-11-23T09:00:00.000Z',
    renderedAt: null,
    document: fakeDocument(),
    packet: null,
    ...patch,
  };
}
