import { Writable } from 'node:stream';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { REQUEST_ID_HEADER } from '@ridgeline/shared/domain/http';
import { createLogger } from '../../lib/logger';
import type { AppEnv } from '../context';
import { requestId } from './request-id';

// Every log line written while a request is answered names the request, even from code that was
// handed the logger long before (a service, a repository): the id its answer carries.
function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: createLogger('info', stream) };
}

describe('request ids in the logs', () => {
  it('puts the answering request id on every line logged during the request, and none outside', async () => {
    const { lines, logger } = capture();
    const app = new Hono<AppEnv>();
    app.use(requestId);
    app.get('/work', async (c) => {
      logger.info('before a wait');
      await new Promise((resolve) => setTimeout(resolve, 5));
      logger.warn({ step: 2 }, 'after a wait');
      return c.json({ ok: true });
    });
    const [first, second] = await Promise.all([app.request('/work'), app.request('/work', { headers: { [REQUEST_ID_HEADER]: 'client-chosen-id-1' } })]);
    logger.info('outside any request');
    const ids = [first?.headers.get(REQUEST_ID_HEADER), second?.headers.get(REQUEST_ID_HEADER)];
    expect(ids[1]).toBe('client-chosen-id-1');
    for (const id of ids) {
      const own = lines.filter((line) => line.requestId === id);
      expect(own.map((line) => line.msg)).toEqual(['before a wait', 'after a wait']);
    }
    expect(lines.find((line) => line.msg === 'outside any request')).not.toHaveProperty('requestId');
    expect(lines.find((line) => line.msg === 'after a wait')).toMatchObject({ level: 40, step: 2 });
  });
});
