// STUB written before the parallel work: the upload queue's public API. The upload-queue work
// replaces this file with the real queue (IndexedDB, 8 at a time, retries) behind the same names.
import type { CapturePhase, PhotoCategory, PhotoType } from '@ridgeline/shared/domain/field-capture';
import type { UploadQueueSummary, UploadStatus } from '@ridgeline/shared/domain/upload-queue';

/** The spec's queued-photo metadata. `timestamp` is the capture time in ms. */
export type QueuedPhotoMetadata = {
  category: PhotoCategory;
  subcategory: string | null;
  phase: CapturePhase | null;
  photoType: PhotoType | null;
  notes: string | null;
  structureId: string | null;
  gpsCoords: { lat: number; lng: number } | null;
  timestamp: number;
};

export type EnqueuePhotoInput = { file: Blob; fileName: string; sessionId: string; metadata: QueuedPhotoMetadata; priority?: number };

/** A queued photo as screens show it (the file itself stays in IndexedDB). */
export type QueuedPhotoView = {
  id: string;
  sessionId: string;
  status: UploadStatus;
  progress: number;
  retryCount: number;
  error: string | null;
  metadata: QueuedPhotoMetadata;
};

/** Adds photos to the signed-in user's queue; resolves with their ids once stored. */
export async function enqueuePhotos(_userId: string, _items: EnqueuePhotoInput[]): Promise<string[]> {
  throw new Error('upload queue not built yet');
}

/** Gives the session phase's pending photos the phase priority. */
export async function prioritisePhase(_userId: string, _sessionId: string, _phase: CapturePhase): Promise<void> {
  throw new Error('upload queue not built yet');
}

/** Live counts of the signed-in user's queue (optionally one session's), and whether the browser is online. */
export function useUploadSummary(_filter?: { sessionId?: string }): UploadQueueSummary & { online: boolean } {
  return { total: 0, completed: 0, uploading: 0, pending: 0, failed: 0, online: true };
}

/** Live list of one session's queued photos (not yet cleared), newest capture first. */
export function useQueuedPhotos(_filter: { sessionId: string }): QueuedPhotoView[] {
  return [];
}

/** A temporary object URL showing a queued photo's file, or null once it is gone. */
export function useQueuedPhotoPreview(_id: string): string | null {
  return null;
}
