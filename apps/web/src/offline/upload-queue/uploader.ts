import { z } from 'zod';
import { REQUEST_ID_HEADER } from '@ridgeline/shared/domain/http';
import type { UploadPhotoQuery } from '@ridgeline/shared/contracts/photos';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../lib/api-client';
import type { QueuedPhotoRecord } from './types';

// Sends one queued photo: PUT /api/inspections/:sessionId/photos/:photoId?<metadata> with the file
// as the body (a shingle identification's photo: PUT /api/shingles/identifications/:id/photos/:photoId?kind=). XMLHttpRequest rather than fetch because only it reports upload progress. It sends
// what lib/api-client.ts sends (a request id, JSON accepted, the page's cookies) and turns a failure
// into the same ApiError, so lib/error-text.ts words it.

export type UploadRequest = { onProgress: (percent: number) => void; signal: AbortSignal };
/**
 * Resolves with the stored photo's path and the id the server keeps it under (the queued photo's own,
 * or the photo it already held with these bytes for the same shot); rejects with ApiError, or an
 * AbortError when aborted.
 */
export type Uploader = (record: QueuedPhotoRecord, file: Blob, request: UploadRequest) => Promise<{ uploadedPath: string; storedId?: string }>;

const answerSchema = z.object({ photo: z.object({ filePath: z.string(), id: z.string().optional() }) });
const errorSchema = z.object({ error: z.object({ message: z.string(), code: z.string(), requestId: z.string().optional() }) });

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

export function uploadUrl(record: QueuedPhotoRecord): string {
  if (record.shingle) {
    const query = new URLSearchParams({ kind: record.shingle.kind, sha256: record.sha256, fileName: record.fileName });
    return `/api/shingles/identifications/${encodeURIComponent(record.sessionId)}/photos/${encodeURIComponent(record.id)}?${query.toString()}`;
  }
  return `/api/inspections/${encodeURIComponent(record.sessionId)}/photos/${encodeURIComponent(record.id)}?${uploadQuery(record).toString()}`;
}

function newRequestId(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The failure an answer stands for, in the api client's shape. */
export function answerError(
  status: number,
  statusText: string,
  body: string,
  headerRequestId: string | null,
  requestId: string,
  retryAfterHeader: string | null,
): ApiError {
  const shaped = errorSchema.safeParse(parseJson(body));
  const retryAfter = Number(retryAfterHeader);
  return new ApiError(
    status,
    shaped.success ? shaped.data.error.code : status >= 500 ? 'SERVER_ERROR' : 'HTTP_ERROR',
    shaped.success ? shaped.data.error.message : statusText || `Request failed (${status})`,
    (shaped.success ? shaped.data.error.requestId : undefined) ?? headerRequestId ?? requestId,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
  );
}

/** The browser's uploader. */
export const xhrUploader: Uploader = (record, file, { onProgress, signal }) =>
  new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new DOMException('Upload aborted', 'AbortError'));
      return;
    }
    const requestId = newRequestId();
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', uploadUrl(record));
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
        const answer = answerSchema.safeParse(parseJson(xhr.responseText));
        if (answer.success) {
          const { filePath, id } = answer.data.photo;
          resolve(id === undefined ? { uploadedPath: filePath } : { uploadedPath: filePath, storedId: id });
        } else reject(new ApiError(xhr.status, 'SERVER_ERROR', 'The server answered the upload with something unexpected.', requestId));
        return;
      }
      reject(
        answerError(xhr.status, xhr.statusText, xhr.responseText, xhr.getResponseHeader(REQUEST_ID_HEADER), requestId, xhr.getResponseHeader('Retry-After')),
      );
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE, requestId));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      done();
      reject(new DOMException('Upload aborted', 'AbortError'));
    };
    xhr.send(file);
  });
