import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { errorBodySchema } from '@ridgeline/shared/domain/errors';
import { createLogger } from '../../lib/logger';
import type { AppEnv } from '../context';
import { handleError } from './errors';
import { requestId } from './request-id';
import { limitBody, readRawBody } from './upload';

// A raw upload whose client goes away mid-body (a phone losing signal) is the client's failure: a
// 400 in the error shape that closes the connection, never a 500 logged as a server fault.

function uploadApp() {
  const app = new Hono<AppEnv>();
  app.use(requestId);
  app.onError(handleError(createLogger('silent')));
  app.put('/upload', limitBody(1024), async (c) => c.json({ bytes: (await readRawBody(c)).length }));
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
