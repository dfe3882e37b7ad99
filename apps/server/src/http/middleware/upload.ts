import { createHash, type Hash } from 'node:crypto';
import { IncomingMessage } from 'node:http';
import { bodyLimit } from 'hono/body-limit';
import type { Context } from 'hono';
import { readImageHeader, type ImageHeader } from '../../infra/images/images';
import { acceptFileType, IMAGE_TYPES, type DetectedType } from '../../infra/storage/file-type';
import type { ChargedUpload, UploadBudget, UploadQuota } from '../../infra/upload-quota/upload-quota';
import { AppError } from '../../lib/app-error';
import type { AppEnv } from '../context';

/** A size in words for a 413: '25 MB', '512 KB'. */
const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`);

// The unread rest of the body is still on the wire: the connection cannot carry another request,
// so the answer says so (Connection: close) and the client opens a fresh one.
const tooLarge = (maxBytes: number, message?: string) =>
  new AppError('PAYLOAD_TOO_LARGE', message ?? `The request is too large (maximum ${sizeText(maxBytes)}).`, { Connection: 'close' });
const interrupted = () => new AppError('VALIDATION_ERROR', 'The upload was interrupted before the whole file arrived.', { Connection: 'close' });

/** The size limit of a JSON body (raw uploads are limited by their reader, readRawBody). */
export function limitBody(maxBytes: number) {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw tooLarge(maxBytes);
    },
  });
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

/**
 * What an upload spends of the upload quotas (infra/upload-quota): the store, the user's hourly
 * budget it counts against, whether it is kept (then the company's storage total is checked), and
 * the company it goes to when that is not the caller's (a service order's delivery).
 */
export type UploadQuotaUse = { store: UploadQuota; budget: UploadBudget; kept: boolean; companyId?: string };

/** An upload the server keeps: counted against the user's budget (files unless named), the company's hour and its storage total. */
export const keptUpload = (store: UploadQuota, budget: UploadBudget = 'files'): UploadQuotaUse => ({ store, budget, kept: true });

/** A raw upload's size limit: its bytes, and the 413's words when the route names its own; its quota when it has one. */
export type RawBodyLimit = { maxBytes: number; message?: string; quota?: UploadQuotaUse };

/**
 * The body through the Web request, when Node's own request is not there (the app called in-process,
 * or something read the body's stream first), counted as it comes so that no more than the limit is
 * ever held.
 */
async function readThroughWebRequest(c: Context, limit: RawBodyLimit): Promise<Buffer> {
  if (Number(c.req.header('content-length') ?? 0) > limit.maxBytes) throw tooLarge(limit.maxBytes, limit.message);
  const stream = c.req.raw.body;
  if (!stream) return Buffer.alloc(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const read = await reader.read().catch(() => {
      throw interrupted();
    });
    if (read.done) break;
    const chunk: Uint8Array = read.value;
    length += chunk.byteLength;
    if (length > limit.maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limit.maxBytes, limit.message);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, length);
}

/**
 * Reads a raw upload body (every raw upload reads its body here), hashing it chunk by chunk as it
 * arrives when asked: straight from Node's request into one buffer of its Content-Length (no Web
 * stream, no copy of the whole body), so a phone photo costs one body-sized allocation. It is the
 * route's size limit too: a Content-Length over the limit is refused before a byte is read, a body
 * without one is counted as it comes, both with a 413. A client that goes away mid-body (a phone
 * losing signal) is the client's failure, not the server's: it is answered 400 (nobody reads it)
 * instead of being logged as a fault.
 */
async function receive(c: Context, limit: RawBodyLimit, hash: Hash | null): Promise<Buffer> {
  const incoming = unreadNodeRequest(c);
  if (!incoming) {
    const body = await readThroughWebRequest(c, limit);
    hash?.update(body);
    return body;
  }
  const declared = Number(incoming.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit.maxBytes) throw tooLarge(limit.maxBytes, limit.message);
  const sized = Number.isSafeInteger(declared) && declared > 0 ? Buffer.allocUnsafe(declared) : null;
  const most = sized ? sized.length : limit.maxBytes;
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
      if (length + chunk.length > most) {
        incoming.pause();
        stop(tooLarge(limit.maxBytes, limit.message));
        return;
      }
      hash?.update(chunk);
      if (sized) chunk.copy(sized, length);
      else chunks.push(chunk);
      length += chunk.length;
    };
    // A request that announced more than it sent ends short; one whose client left ends without 'end'.
    const onEnd = () => stop(sized && length !== sized.length ? interrupted() : null);
    const onBroken = () => stop(interrupted());
    incoming.on('data', onData).once('end', onEnd).once('error', onBroken).once('close', onBroken);
  });
  return sized ?? Buffer.concat(chunks, length);
}

/** The body's declared length, or null when it has none (a chunked body). */
function declaredLength(c: Context): number | null {
  const header = c.req.header('content-length');
  const declared = header === undefined ? Number.NaN : Number(header);
  return Number.isSafeInteger(declared) && declared >= 0 ? declared : null;
}

/** Counts an upload of the caller (the route's actor, and the company of the quota or the caller's own) against its quotas. */
function spend(c: Context<AppEnv>, use: UploadQuotaUse, bytes: number): Promise<ChargedUpload> {
  const companyId = use.companyId ?? c.get('identity')?.tenant?.companyId ?? null;
  return use.store.charge({ userId: c.get('actor').userId, companyId, bytes, budget: use.budget, kept: use.kept });
}

/**
 * Reads the body (see receive) and, for a route with a quota, counts it: by its declared length
 * before a byte is read, so a refused upload (413 STORAGE_FULL, 429 UPLOAD_QUOTA_EXCEEDED) is never
 * read or stored, and given back when it does not arrive whole; a body without a declared length is
 * counted once read. The size limit answers first: a body over it is 413 and counts nothing.
 */
async function readBody(c: Context, limit: RawBodyLimit, hash: Hash | null): Promise<Buffer> {
  const quota = limit.quota;
  if (!quota) return receive(c, limit, hash);
  const declared = declaredLength(c);
  if (declared !== null && declared > limit.maxBytes) throw tooLarge(limit.maxBytes, limit.message);
  const charged = declared ? await spend(c, quota, declared) : null;
  try {
    const body = await receive(c, limit, hash);
    if (!charged && body.length > 0) await spend(c, quota, body.length);
    return body;
  } catch (error) {
    // The reading's failure is the answer: a refund that fails too costs the user an hour's bytes, nothing more.
    await charged?.refund().catch(() => undefined);
    throw error;
  }
}

/** Reads a raw upload body within its limit (see readBody). */
export function readRawBody(c: Context, limit: RawBodyLimit): Promise<Buffer> {
  return readBody(c, limit, null);
}

export type HashedBody = { body: Buffer; sha256: string };

/** Reads a raw upload body within its limit and its SHA-256, computed as the bytes arrive. */
export async function readHashedBody(c: Context, limit: RawBodyLimit): Promise<HashedBody> {
  const hash = createHash('sha256');
  const body = await readBody(c, limit, hash);
  return { body, sha256: hash.digest('hex') };
}

/** Reads a raw upload body and checks its real type from the bytes; 415 when not allowed. */
export async function readUpload(c: Context, allowed: readonly string[], limit: RawBodyLimit): Promise<DetectedType & { body: Buffer }> {
  const body = await readRawBody(c, limit);
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
export async function readImageUpload(c: Context, limit: RawBodyLimit): Promise<DetectedType & ImageHeader & { body: Buffer }> {
  const upload = await readUpload(c, IMAGE_TYPES, limit);
  const header = await readImageHeader(upload.body);
  if (!header) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'This image could not be read. Save it again as a JPEG or PNG and upload it.');
  return { ...upload, ...header };
}
