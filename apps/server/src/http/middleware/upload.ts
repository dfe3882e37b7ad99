import { bodyLimit } from 'hono/body-limit';
import type { Context } from 'hono';
import { readImageHeader, type ImageHeader } from '../../infra/images/images';
import { acceptFileType, IMAGE_TYPES, type DetectedType } from '../../infra/storage/file-type';
import { AppError } from '../../lib/app-error';

/** Refuses request bodies over `maxBytes` with 413 in the error shape. */
const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`);

export function limitBody(maxBytes: number) {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      // The unread rest of the body is still on the wire: the connection cannot carry another
      // request, so the answer says so (Connection: close) and the client opens a fresh one.
      throw new AppError('PAYLOAD_TOO_LARGE', `The request is too large (maximum ${sizeText(maxBytes)}).`, { Connection: 'close' });
    },
  });
}

/**
 * Reads a raw upload body. A client that goes away mid-body (a phone losing signal) is the client's
 * failure, not the server's: it is answered 400 (nobody reads it) instead of being logged as a fault.
 */
export async function readRawBody(c: Context): Promise<Buffer> {
  try {
    return Buffer.from(await c.req.arrayBuffer());
  } catch (error) {
    if (error instanceof AppError) throw error; // the size limit's 413
    throw new AppError('VALIDATION_ERROR', 'The upload was interrupted before the whole file arrived.', { Connection: 'close' });
  }
}

/** Reads a raw upload body and checks its real type from the bytes; 415 when not allowed. */
export async function readUpload(c: Context, allowed: readonly string[]): Promise<DetectedType & { body: Buffer }> {
  const body = await readRawBody(c);
  if (body.length === 0) throw AppError.badRequest('The upload is empty.');
  const type = await acceptFileType(body, allowed);
  if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Unsupported file type. Allowed: ${allowed.join(', ')}.`);
  return { ...type, body };
}

/**
 * Reads an uploaded picture (a logo, an avatar): a type of IMAGE_TYPES found in its bytes (415
 * otherwise), a header sharp can read (415 otherwise), and a size within the pixel budget (422
 * IMAGE_TOO_MANY_PIXELS), all checked before anything decodes its pixels.
 */
export async function readImageUpload(c: Context): Promise<DetectedType & ImageHeader & { body: Buffer }> {
  const upload = await readUpload(c, IMAGE_TYPES);
  const header = await readImageHeader(upload.body);
  if (!header) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'This image could not be read. Save it again as a JPEG or PNG and upload it.');
  return { ...upload, ...header };
}
