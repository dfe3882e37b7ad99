import { z } from 'zod';
import { REQUEST_ID_HEADER } from '@ridgeline/shared/domain/http';
import type { UploadPhotoQuery } from '@ridgeline/shared/contracts/photos';
import { api, ApiError, answerError, networkError, newRequestId, parseAnswer } from '../../lib/api-client';
import type { QueuedPhotoRecord } from './types';

// Sends one queued photo: PUT /api/inspections/:sessionId/photos/:photoId?<metadata> with the file
// as the body; a shingle identification's photo goes to the path its caller names (the shingle
// outbox's), with ?kind=. XMLHttpRequest rather than fetch because only it reports upload progress. It
// sends what lib/api-client.ts sends (a request id, JSON accepted, the page's cookies) and turns a
// failure into ApiError through the api client's own mapping, so lib/error-text.ts words it.
//
// It also asks, with one light request, whether the server already holds an inspection photo
// (GET /api/photos/:id, through the api client): the engine asks before it sends again a photo whose
// last attempt got no answer, which the server had often stored.

export type UploadRequest = { onProgress: (percent: number) => void; signal: AbortSignal };
/**
 * Resolves with the stored photo's path and the id the server keeps it under (the queued photo's own,
 * or the photo it already held with these bytes for the same shot); rejects with ApiError, or an
 * AbortError when aborted.
 */
export type Uploader = (record: QueuedPhotoRecord, file: Blob, request: UploadRequest) => Promise<{ uploadedPath: string; storedId?: string }>;

const answerSchema = z.object({ photo: z.object({ filePath: z.string(), id: z.string().optional() }) });

/** The query of uploadPhotoQuerySchema for this photo (absent fields left out). */
export function uploadQuery(record: QueuedPhotoRecord): URLSearchParams {
  const m = record.metadata;
  const query: { [K in keyof UploadPhotoQuery]?: string } = {
    fileName: record.fileName,
    sha256: record.sha256,
    category: m.category,
    subcategory: m.subcategory ?? undefined,
    phase: m.phase ?? undefined,
    photoType: m.photoType ?? undefined,
    notes: m.notes ?? undefined,
    structureId: m.structureId ?? undefined,
    lat: m.gpsCoords ? String(m.gpsCoords.lat) : undefined,
    lng: m.gpsCoords ? String(m.gpsCoords.lng) : undefined,
    // A library photo's clock is no taken time: it is not sent as one (the server reads the file's camera metadata).
    capturedAt: m.origin !== 'library' && Number.isFinite(m.timestamp) ? new Date(m.timestamp).toISOString() : undefined,
    origin: m.origin,
  };
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, value);
  return params;
}

/** Where the uploader sends what is not an inspection photo: its caller knows those endpoints. */
export type UploaderPaths = {
  /** The path of a shingle identification's photo (the shingle outbox's endpoint). */
  shinglePhotoPath: (identificationId: string, photoId: string) => string;
};

export function uploadUrl(record: QueuedPhotoRecord, paths: UploaderPaths): string {
  if (record.shingle) {
    const query = new URLSearchParams({ kind: record.shingle.kind, sha256: record.sha256, fileName: record.fileName });
    return `${paths.shinglePhotoPath(record.sessionId, record.id)}?${query.toString()}`;
  }
  return `/api/inspections/${encodeURIComponent(record.sessionId)}/photos/${encodeURIComponent(record.id)}?${uploadQuery(record).toString()}`;
}

/** The browser's uploader, sending shingle photos where `paths` says. */
export const createXhrUploader =
  (paths: UploaderPaths): Uploader =>
  (record, file, { onProgress, signal }) =>
    new Promise((resolve, reject) => {
      if (signal.aborted) {
        reject(new DOMException('Upload aborted', 'AbortError'));
        return;
      }
      const requestId = newRequestId();
      const xhr = new XMLHttpRequest();
      xhr.open('PUT', uploadUrl(record, paths));
      xhr.withCredentials = true;
      xhr.setRequestHeader('Accept', 'application/json');
      xhr.setRequestHeader(REQUEST_ID_HEADER, requestId);
      xhr.setRequestHeader('Content-Type', record.mimeType || 'application/octet-stream');
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(Math.min(99, Math.round((event.loaded / event.total) * 100)));
      };
      const onAbort = () => xhr.abort();
      signal.addEventListener('abort', onAbort, { once: true });
      const done = () => signal.removeEventListener('abort', onAbort);
      xhr.onload = () => {
        done();
        if (xhr.status >= 200 && xhr.status < 300) {
          const answer = answerSchema.safeParse(parseAnswer(xhr.responseText));
          if (answer.success) {
            const { filePath, id } = answer.data.photo;
            resolve(id === undefined ? { uploadedPath: filePath } : { uploadedPath: filePath, storedId: id });
          } else reject(new ApiError(xhr.status, 'SERVER_ERROR', 'The server answered the upload with something unexpected.', requestId));
          return;
        }
        reject(
          answerError(
            { status: xhr.status, statusText: xhr.statusText, data: parseAnswer(xhr.responseText), header: (name) => xhr.getResponseHeader(name) },
            requestId,
          ),
        );
      };
      xhr.onerror = () => {
        done();
        reject(networkError(requestId));
      };
      xhr.ontimeout = xhr.onerror;
      xhr.onabort = () => {
        done();
        reject(new DOMException('Upload aborted', 'AbortError'));
      };
      xhr.send(file);
    });

/** A photo the server already holds: its storage path and the id it keeps it under. */
export type HeldPhoto = { uploadedPath: string; storedId: string };
/**
 * Whether the server already holds this queued photo: resolves with it, or null when it holds none;
 * rejects with ApiError (status 0 for no answer at all) or an AbortError when aborted.
 */
export type PhotoCheck = (record: QueuedPhotoRecord, signal: AbortSignal) => Promise<HeldPhoto | null>;

/** The fields of the Photo (contracts/photos.ts) the check reads. */
const heldSchema = z.object({ id: z.string(), filePath: z.string(), sha256: z.string() });

/**
 * The browser's check, for an inspection photo only (a shingle identification's photo has no such
 * read). A photo held under this id with other bytes is not this one: null, so its upload goes and
 * is refused as the conflict it is.
 */
export const checkHeldPhoto: PhotoCheck = async (record, signal) => {
  try {
    const photo = await api.get(`/api/photos/${encodeURIComponent(record.id)}`, { schema: heldSchema, signal });
    return photo.sha256 === record.sha256 ? { uploadedPath: photo.filePath, storedId: photo.id } : null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
};
