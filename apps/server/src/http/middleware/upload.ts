import { createHash } from 'node:crypto';
import { IncomingMessage } from 'node:http';
import { bodyLimit } from 'hono/body-limit';
import type { Context } from 'hono';
import { readImageHeader, type ImageHeader } from '../../infra/images/images';
import { acceptFileType, IMAGE_TYPES, type DetectedType } from '../../infra/storage/file-type';
import { AppError } from '../../lib/app-error';

/** Refuses request bodies over `maxBytes` with 413 in the error shape. */
const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`);

// The unread rest of the body is still on the wire: the connection cannot carry another request,
// so the answer says so (Connection: close) and the client opens a fresh one.
const tooLarge = (maxBytes: number) => new AppError('PAYLOAD_TOO_LARGE', `The request is too large (maximum ${sizeText(maxBytes)}).`, { Connection: 'close' });
const interrupted = () => new AppError('VALIDATION_ERROR', 'The upload was interrupted before the whole file arrived.', { Connection: 'close' });

export function limitBody(maxBytes: number) {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw tooLarge(maxBytes);
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
    throw interrupted();
  }
}

/**
 * Node's own request under @hono/node-server while nothing reads its body yet (nothing touched
 * `c.req.raw.body`, which starts a Web stream over it); null otherwise, and when the app is called
 * in-process (app.request).
 */
function unreadNodeRequest(c: Context): IncomingMessage | null {
  const env: unknown = c.env;
  if (typeof env !== 'object' || env === null || !('incoming' in env)) return null;
  const { incoming } = env;
  return incoming instanceof IncomingMessage && !incoming.readableDidRead && incoming.readableFlowing === null ? incoming : null;
}

export type HashedBody = { body: Buffer; sha256: string };

/**
 * Reads a raw upload body and its SHA-256, hashed chunk by chunk as it arrives: straight from Node's
 * request into one buffer of its Content-Length (no Web stream, no copy of the whole body), so a
 * phone photo costs one body-sized allocation. It is the route's size limit too (no limitBody before
 * it: that one reads the body through a Web stream): a Content-Length over `maxBytes` is refused
 * before a byte is read, a body without one is counted as it comes, both with limitBody's 413. A
 * client that goes away mid-body gets readRawBody's 400.
 */
export async function readHashedBody(c: Context, maxBytes: number): Promise<HashedBody> {
  const incoming = unreadNodeRequest(c);
  if (!incoming) {
    const body = await readRawBody(c);
    if (body.length > maxBytes) throw tooLarge(maxBytes);
    return { body, sha256: createHash('sha256').update(body).digest('hex') };
  }
  const declared = Number(incoming.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  const hash = createHash('sha256');
  const sized = Number.isSafeInteger(declared) && declared > 0 ? Buffer.allocUnsafe(declared) : null;
  const limit = sized ? sized.length : maxBytes;
  const chunks: Buffer[] = [];
  let length = 0;
  // Events, not an async iterator: leaving an iterator early destroys the request and its socket,
  // and the 413 could no longer be sent.
  await new Promise<void>((resolve, reject) => {
    const stop = (error: AppError | null) => {
      incoming.off('data', onData).off('end', onEnd).off('error', onBroken).off('close', onBroken);
      if (error) reject(error);
      else resolve();
    };
    const onData = (chunk: Buffer) => {
      if (length + chunk.length > limit) {
        incoming.pause();
        stop(tooLarge(maxBytes));
        return;
      }
      hash.update(chunk);
      if (sized) chunk.copy(sized, length);
      else chunks.push(chunk);
      length += chunk.length;
    };
    // A request that announced more than it sent ends short; one whose client left ends without 'end'.
    const onEnd = () => stop(sized && length !== sized.length ? interrupted() : null);
    const onBroken = () => stop(interrupted());
    incoming.on('data', onData).once('end', onEnd).once('error', onBroken).once('close', onBroken);
  });
  return { body: sized ?? Buffer.concat(chunks, length), sha256: hash.digest('hex') };
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
