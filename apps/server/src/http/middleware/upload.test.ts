import { createHash } from 'node:crypto';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { errorBodySchema } from '@ridgeline/shared/domain/errors';
import { createLogger } from '../../lib/logger';
import type { AppEnv } from '../context';
import { handleError } from './errors';
import { requestId } from './request-id';
import { readHashedBody, readRawBody } from './upload';

// A raw upload whose client goes away mid-body (a phone losing signal) is the client's failure: a
// 400 in the error shape that closes the connection, never a 500 logged as a server fault.

function uploadApp() {
  const app = new Hono<AppEnv>();
  app.use(requestId);
  app.onError(handleError(createLogger('silent')));
  app.put('/upload', async (c) => c.json({ bytes: (await readRawBody(c, { maxBytes: 1024 })).length }));
  return app;
}

/** A body that sends some bytes and then breaks, as a dropped connection does. */
function brokenBody(): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new Uint8Array(100));
      controller.error(new Error('aborted'));
    },
  });
}

describe('reading a raw upload body', () => {
  it('reads a whole body', async () => {
    const response = await uploadApp().request('/upload', { method: 'PUT', body: new Uint8Array(300) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ bytes: 300 });
  });

  it('answers an interrupted body with 400 and Connection: close, not a 500', async () => {
    // The client announced 300 bytes (as browsers do) and sent 100.
    const init = { method: 'PUT', body: brokenBody(), duplex: 'half', headers: { 'Content-Length': '300' } };
    const response = await uploadApp().request('/upload', init as RequestInit);
    expect(response.status).toBe(400);
    expect(response.headers.get('Connection')).toBe('close');
    const { error } = errorBodySchema.parse(await response.json());
    expect(error).toMatchObject({ code: 'VALIDATION_ERROR', message: 'The upload was interrupted before the whole file arrived.' });
  });

  it('keeps the size limit its 413', async () => {
    const response = await uploadApp().request('/upload', { method: 'PUT', body: new Uint8Array(4096) });
    expect(response.status).toBe(413);
  });
});

describe('reading a hashed upload body straight from Node', () => {
  function hashedApp(hashes: string[]) {
    const app = new Hono<AppEnv>();
    app.use(requestId);
    app.onError(handleError(createLogger('silent')));
    app.put('/upload', async (c) => {
      const { body, sha256 } = await readHashedBody(c, { maxBytes: 1024 });
      hashes.push(sha256);
      return c.json({ bytes: body.length, sha256 });
    });
    app.put('/named', async (c) => c.json({ bytes: (await readRawBody(c, { maxBytes: 1024, message: 'Files can be up to 1 KB.' })).length }));
    return app;
  }

  async function withServer(run: (port: number, hashes: string[]) => Promise<void>) {
    const hashes: string[] = [];
    const server = serve({ fetch: hashedApp(hashes).fetch, port: 0 });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    try {
      await run((server.address() as AddressInfo).port, hashes);
    } finally {
      server.close();
    }
  }

  /** A PUT of `pieces`, with the Content-Length given (or chunked), ended or dropped after the last piece. */
  function put(
    port: number,
    pieces: Buffer[],
    length: number | null,
    drop = false,
    path = '/upload',
  ): Promise<{ status: number; text: string; connection: string | undefined }> {
    return new Promise((resolve, reject) => {
      const req = request({ port, path, method: 'PUT', headers: length === null ? {} : { 'Content-Length': String(length) } }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text, connection: res.headers.connection }));
      });
      req.on('error', reject);
      for (const piece of pieces) req.write(piece);
      if (drop) setTimeout(() => req.socket?.destroy(), 50);
      else req.end();
    });
  }

  it('hashes a body sent with its length or in chunks, as one pass over the whole of it would', async () => {
    await withServer(async (port) => {
      const pieces = [Buffer.alloc(300, 1), Buffer.alloc(400, 2)];
      const whole = createHash('sha256').update(Buffer.concat(pieces)).digest('hex');
      for (const length of [700, null]) {
        const answer = await put(port, pieces, length);
        expect(answer.status).toBe(200);
        expect(JSON.parse(answer.text)).toEqual({ bytes: 700, sha256: whole });
      }
    });
  });

  it('refuses a body over the limit with the one 413 and Connection: close, declared or counted', async () => {
    await withServer(async (port, hashes) => {
      for (const length of [2048, null]) {
        const answer = await put(port, [Buffer.alloc(1000), Buffer.alloc(1048)], length);
        expect(answer.status).toBe(413);
        expect(answer.connection).toBe('close');
        const { error } = errorBodySchema.parse(JSON.parse(answer.text));
        expect(error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large (maximum 1 KB).' });
      }
      expect(hashes).toEqual([]);
    });
  });

  it("says a route's own words in its 413, and reads a body within the limit", async () => {
    await withServer(async (port) => {
      for (const length of [2048, null]) {
        const answer = await put(port, [Buffer.alloc(1000), Buffer.alloc(1048)], length, false, '/named');
        expect(answer.status).toBe(413);
        expect(errorBodySchema.parse(JSON.parse(answer.text)).error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'Files can be up to 1 KB.' });
      }
      const within = await put(port, [Buffer.alloc(1024)], 1024, false, '/named');
      expect(JSON.parse(within.text)).toEqual({ bytes: 1024 });
    });
  });

  it('hands on nothing of a body its client dropped midway', async () => {
    await withServer(async (port, hashes) => {
      await expect(put(port, [Buffer.alloc(100)], 700, true)).rejects.toThrow();
      expect(hashes).toEqual([]);
    });
  });
});
