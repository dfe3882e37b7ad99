import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { createMiddleware } from 'hono/factory';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/compress';

const gzipAsync = promisify(gzip);

/** Answers smaller than this go as they are: gzip would save a phone a kilobyte and cost the server more than that. */
export const COMPRESS_MIN_BYTES = 4096;

/** Whether an Accept-Encoding header takes gzip (named or `*`, with a q above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (name !== 'gzip' && name !== '*') return false;
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * Gzips a read's answer of a text type (JSON, HTML, scripts, CSV) of at least COMPRESS_MIN_BYTES when
 * the client accepts gzip. Only GET: a write answers with the one thing it wrote, small, and a
 * request with no Accept-Encoding is never touched. The product's answers are built in memory, so
 * their size is known before deciding (a framework compressor that looks only at a Content-Length
 * header gzips every JSON answer, however small, through web streams). A stream of events, or an
 * answer marked no-transform, goes as it is.
 */
export const compressReads = createMiddleware(async (c, next) => {
  if (c.req.method !== 'GET' || !acceptsGzip(c.req.header('accept-encoding'))) return next();
  await next();
  const res = c.res;
  const type = res.headers.get('Content-Type') ?? '';
  if (res.status !== 200 || res.headers.has('Content-Encoding') || res.headers.has('Transfer-Encoding')) return;
  if (!COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) || type.startsWith('text/event-stream') || /no-transform/i.test(res.headers.get('Cache-Control') ?? ''))
    return;
  const declared = res.headers.get('Content-Length');
  if (declared !== null && Number(declared) < COMPRESS_MIN_BYTES) return;

  const body = new Uint8Array(await res.arrayBuffer());
  const headers = new Headers(res.headers);
  // Replaced, not merged: Hono's setter would copy the old Content-Length over the new one.
  c.res = undefined;
  if (body.byteLength < COMPRESS_MIN_BYTES) {
    c.res = new Response(body, { status: res.status, headers });
    return;
  }
  const compressed = await gzipAsync(body);
  headers.set('Content-Encoding', 'gzip');
  headers.set('Content-Length', String(compressed.byteLength));
  const vary = headers.get('Vary');
  if (!vary) headers.set('Vary', 'Accept-Encoding');
  else if (vary !== '*' && !/accept-encoding/i.test(vary)) headers.set('Vary', `${vary}, Accept-Encoding`);
  const etag = headers.get('ETag');
  if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
  c.res = new Response(new Uint8Array(compressed.buffer, compressed.byteOffset, compressed.byteLength), { status: res.status, headers });
});
