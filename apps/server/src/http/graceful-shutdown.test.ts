import { createHash, randomUUID } from 'node:crypto';
import { request } from 'node:http';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { inspectionSessions } from '../infra/db/schema/index';
import { startTestServer, type TestServer } from '../test/test-server';

// A rolling restart: SIGTERM stops one instance while a phone is uploading. The instance stops
// taking connections, says it is not ready, lets the upload in flight finish (it is stored, 201),
// then stops; an upload that stalls past SHUTDOWN_TIMEOUT_MS is cut so the stop does not hang.

let running: TestServer | null = null;
afterEach(async () => {
  await running?.stop().catch(() => undefined);
  running = null;
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends a PUT whose body arrives in pieces, `pauseMs` apart (a phone on a weak signal); resolves with the answer or the error. */
function slowUpload(url: string, cookie: string, body: Buffer, pieces: number, pauseMs: number, stallAfter = Infinity) {
  return new Promise<{ status: number; text: string } | { error: string }>((resolve) => {
    const target = new URL(url);
    const req = request(
      {
        hostname: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: 'PUT',
        headers: { cookie, origin: target.origin, 'content-type': 'application/octet-stream', 'content-length': body.length },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', (error) => resolve({ error: error.message }));
    const size = Math.ceil(body.length / pieces);
    void (async () => {
      for (let i = 0; i < pieces; i += 1) {
        if (i >= stallAfter) return; // never sends the rest
        req.write(body.subarray(i * size, (i + 1) * size));
        await wait(pauseMs);
      }
      req.end();
    })();
  });
}

async function setUp(env: Record<string, string>) {
  running = await startTestServer(env);
  const owner = await running.signUpVerified();
  const companyId = owner.me.company?.id ?? '';
  const sessionId = randomUUID();
  await running.db.insert(inspectionSessions).values({ id: sessionId, companyId, projectId: null, street: '12 Shingle Way' });
  const body = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 90, g: 60, b: 30 } } })
    .jpeg()
    .toBuffer();
  const sha256 = createHash('sha256').update(body).digest('hex');
  const photoId = randomUUID();
  const url = `${running.url}/api/inspections/${sessionId}/photos/${photoId}?sha256=${sha256}&fileName=roof.jpg&category=roof&phase=roof`;
  return { server: running, owner, body, url, photoId };
}

describe('graceful shutdown', () => {
  it('finishes an upload in flight, refuses new connections and readiness meanwhile, then stops', async () => {
    const { server, owner, body, url, photoId } = await setUp({});
    const upload = slowUpload(url, owner.client.cookieHeader(), body, 6, 250);
    await wait(400); // the upload has started and is still sending
    const stopping = server.stop();
    await wait(50);
    const late = await fetch(`${server.url}/api/ready`).then(
      (r) => ({ status: r.status }),
      (error: Error) => ({ error: error.message }),
    );
    expect(late).toHaveProperty('error'); // no new connections once the stop began
    const answer = await upload;
    expect(answer).toMatchObject({ status: 201 });
    expect('text' in answer ? answer.text : '').toContain(photoId);
    await stopping;
    running = null;
  });

  it('cuts an upload that stalls past the deadline, so the stop ends', async () => {
    const { server, owner, body, url } = await setUp({ SHUTDOWN_TIMEOUT_MS: '1000' });
    const upload = slowUpload(url, owner.client.cookieHeader(), body, 6, 100, 2);
    await wait(400);
    const started = Date.now();
    await server.stop();
    running = null;
    expect(Date.now() - started).toBeLessThan(8000);
    expect(await upload).toHaveProperty('error');
  });
});
