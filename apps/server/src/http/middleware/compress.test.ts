import { request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsGzip, COMPRESS_MIN_BYTES, compressReads } from './compress';

// Through a real Node server, as the product serves: what goes on the wire is what is asserted.

const large = { rows: Array.from({ length: 200 }, (_, index) => ({ id: index, name: `Claim file ${index}`, status: 'Inspected' })) };
const small = { ok: true };

const app = new Hono();
app.use(compressReads);
app.get('/large', (c) => {
  c.header('Set-Cookie', 'a=1');
  c.header('Set-Cookie', 'b=2', { append: true });
  c.header('ETag', '"v1"');
  return c.json(large);
});
app.get('/small', (c) => c.json(small));
app.post('/large', (c) => c.json(large));
app.get('/events', (c) =>
  c.body('data: '.concat('x'.repeat(COMPRESS_MIN_BYTES * 2), '\n\n'), 200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache, no-transform' }),
);
app.get('/photo', (c) => c.body(new Uint8Array(COMPRESS_MIN_BYTES * 2), 200, { 'Content-Type': 'image/jpeg' }));
app.get('/missing', (c) => c.json(large, 404));

let server: ServerType;
let port: number;

beforeAll(async () => {
  server = await new Promise<ServerType>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function call(method: string, path: string, acceptEncoding?: string): Promise<{ response: IncomingMessage; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method, path, headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ response, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('compressReads', () => {
  it('gzips a large read for a client that accepts gzip, with its length, Vary, a weak ETag and every cookie', async () => {
    const { response, body } = await call('GET', '/large', 'gzip, deflate, br');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(Number(response.headers['content-length'])).toBe(body.length);
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(response.headers.etag).toBe('W/"v1"');
    expect(response.headers['set-cookie']).toEqual(['a=1', 'b=2']);
    expect(JSON.parse(gunzipSync(body).toString('utf8'))).toEqual(large);
    expect(body.length).toBeLessThan(JSON.stringify(large).length / 3);
  });

  it('sends small answers, writes, errors, events, images and clients without gzip as they are', async () => {
    const cases: [string, string, string | undefined][] = [
      ['GET', '/small', 'gzip'],
      ['POST', '/large', 'gzip'],
      ['GET', '/missing', 'gzip'],
      ['GET', '/events', 'gzip'],
      ['GET', '/photo', 'gzip'],
      ['GET', '/large', undefined],
      ['GET', '/large', 'gzip;q=0, identity'],
      ['GET', '/large', 'br'],
    ];
    for (const [method, path, acceptEncoding] of cases) {
      const { response, body } = await call(method, path, acceptEncoding);
      expect(response.headers['content-encoding'], `${method} ${path} ${acceptEncoding ?? ''}`).toBeUndefined();
      expect(Number(response.headers['content-length']), `${method} ${path}`).toBe(body.length);
    }
    expect(JSON.parse((await call('GET', '/small', 'gzip')).body.toString('utf8'))).toEqual(small);
  });

  it('reads Accept-Encoding with its weights', () => {
    expect(acceptsGzip('gzip')).toBe(true);
    expect(acceptsGzip('deflate, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('gzip; q=0.000')).toBe(false);
    expect(acceptsGzip('br, deflate')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
