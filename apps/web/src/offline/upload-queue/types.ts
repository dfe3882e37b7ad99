import type { PhotoOrigin } from '@ridgeline/shared/domain/photo-provenance';
import type { CapturePhase, PhotoCategory, PhotoType } from '@ridgeline/shared/domain/field-capture';
import type { UploadStatus } from '@ridgeline/shared/domain/upload-queue';
import type { ShinglePhotoKind } from '@ridgeline/shared/contracts/shingles';

/**
 * A photo of a shingle for a shingle identification rather than an inspection session: `sessionId`
 * then holds the identification's id (the one the phone gave it) and the photo goes to
 * PUT /api/shingles/identifications/:id/photos/:photoId.
 */
export type ShinglePhotoTarget = { kind: ShinglePhotoKind };

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
  /**
   * 'library' for a photo chosen "From library": the server keeps `gpsCoords` as the device's
   * location at upload and never takes `timestamp` as its taken time. Absent (photos queued before
   * it was recorded) reads as the app's camera.
   */
  origin?: PhotoOrigin;
};

/** A photo to queue; `sha256` when the screen has already hashed the file (it is not hashed twice). */
export type EnqueuePhotoInput = {
  file: Blob;
  fileName: string;
  sessionId: string;
  metadata: QueuedPhotoMetadata;
  priority?: number;
  sha256?: string;
  shingle?: ShinglePhotoTarget;
};

/** A queued photo as screens show it (the file itself stays in IndexedDB). */
export type QueuedPhotoView = {
  id: string;
  sessionId: string;
  status: UploadStatus;
  /** 0..100 while uploading (the engine's steps, from memory), 100 once completed. */
  progress: number;
  retryCount: number;
  error: string | null;
  /** Why a pending photo waits, in the server's words (see QueuedPhotoRecord.waitReason); absent or null when it does not. */
  waitReason?: string | null;
  metadata: QueuedPhotoMetadata;
  mimeType: string;
  /** The file's SHA-256 (hex): the same file picked again has the same one. */
  sha256: string;
  /** The id the server keeps the photo under once uploaded (see QueuedPhotoRecord.storedId). */
  storedId: string | null;
  /** Set for a photo of a shingle identification (its id is `sessionId`). */
  shingle?: ShinglePhotoTarget | null;
};

/**
 * One queued photo as IndexedDB keeps it: the spec's fields (id, sessionId, file, priority, status,
 * progress, retryCount, lastAttempt, uploadedPath, metadata) plus whose it is, the file's name, type
 * and SHA-256, the last error and when it was queued. The file itself is in the `files` table under
 * the same id (QueuedPhotoFile), so listing and counting the queue never reads the photos' bytes.
 */
export type QueuedPhotoRecord = {
  id: string;
  userId: string;
  sessionId: string;
  mimeType: string;
  fileName: string;
  sha256: string;
  priority: number;
  status: UploadStatus;
  /**
   * 100 once completed, 0 otherwise: the percent of an upload in flight is kept in memory only
   * (progress.ts), so its steps never write to IndexedDB.
   */
  progress: number;
  /** Failed attempts so far (0 after Retry Failed). */
  retryCount: number;
  /** When the last attempt started (ms), null before the first. */
  lastAttempt: number | null;
  /** A pending photo waiting out its retry delay is not sent before this time (ms); 0 when it may go now. */
  retryAt: number;
  /**
   * Why a pending photo waits, in the server's words, when the server said to wait (429 with
   * Retry-After: an hour's upload quota, the photo limit per minute); null otherwise (absent on
   * records queued by older versions). Until `retryAt`, the user's whole queue waits with it.
   */
  waitReason?: string | null;
  /**
   * The last attempt ended without the server's answer (a network failure, aborted by going offline
   * or a sign-out, or left uploading by a page that died): the server may hold the photo already, so
   * before its bytes go again the engine asks whether it does. Absent or false otherwise.
   */
  inDoubt?: boolean;
  /** The storage path the server answered with, once completed. */
  uploadedPath: string | null;
  /**
   * The id the server keeps the photo under, once completed: its own id, or the photo the session
   * already held with these bytes for the same shot (absent on records queued by older versions).
   */
  storedId?: string | null;
  /** Set for a photo of a shingle identification, whose id `sessionId` then holds (absent on an inspection photo). */
  shingle?: ShinglePhotoTarget | null;
  /** When it was completed (ms). */
  completedAt: number | null;
  error: string | null;
  metadata: QueuedPhotoMetadata;
  createdAt: number;
};

/**
 * A queued photo's file. Kept as its bytes (an ArrayBuffer) with its type beside it: every IndexedDB
 * clones an ArrayBuffer, while a Blob survives only in browsers, so one way of storing works everywhere.
 */
export type QueuedPhotoFile = { id: string; bytes: ArrayBuffer; mimeType: string };
