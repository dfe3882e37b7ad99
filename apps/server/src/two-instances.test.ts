import type { ChildProcess } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessagesResponse } from '@ridgeline/shared/contracts/chat';
import type { Me } from '@ridgeline/shared/contracts/team-views';
import type { Photo } from '@ridgeline/shared/contracts/photos';
import { openDatabase, type Database } from './infra/db/client';
import { createLogger } from './lib/logger';
import { createCompany, createUser, insertProjectRow, signIn, type TestCompany } from './test/factories';
import { freePort, freshDataDir, launchTs, mainTs, type Running } from './test/processes';
import { openTestSocket } from './test/realtime-socket';
import { TestClient } from './test/test-client';
import { startTestS3Server, type TestS3Server } from './test/s3-server';
import { createTestDatabase, type TestDatabase } from './test/test-database';

// Two real server processes on one PostgreSQL and one S3-protocol object store (s3rver, started
// here), each with a data folder of its own, as behind a load balancer (the same PUBLIC_URL,
// environment and secrets): what one instance does, the other sees, and the work they share (jobs,
// limits) is done once and counted once.

const dirs: string[] = [];
const children: ChildProcess[] = [];
let database: TestDatabase;
let s3: TestS3Server;
let db: Database;
let instances: { url: string; env: NodeJS.ProcessEnv; running: Running }[] = [];
let publicUrl = '';
let company: TestCompany;

async function waitForReady(url: string, running: Running): Promise<void> {
  for (let i = 0; i < 480; i++) {
    if (running.child.exitCode !== null) throw new Error(`the instance exited:\n${running.output()}`);
    try {
      if ((await fetch(`${url}/api/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} was not ready in 120 s:\n${running.output()}`);
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = openDatabase(database.url, createLogger('silent'), 2);
  s3 = await startTestS3Server();
  const ports = [await freePort(), await freePort()];
  publicUrl = `http://127.0.0.1:${ports[0]}`;
  instances = ports.map((port) => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: database.url,
      DATA_DIR: freshDataDir('ridgeline-instance-', dirs),
      ...s3.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      SERVE_WEB: 'false',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // The limit test speaks as a client behind a proxy on the loopback address, with its own IP.
      TRUST_PROXY: 'loopback',
      API_WRITE_LIMIT: '40',
    };
    return { url: `http://127.0.0.1:${port}`, env, running: launchTs(mainTs, [], { env, children }) };
  });
  await Promise.all(instances.map((instance) => waitForReady(instance.url, instance.running)));
  company = await createCompany(db.db, { name: 'Two Instance Roofing' });
}, 240_000);

afterAll(async () => {
  const exits = children.filter((child) => child.exitCode === null).map((child) => new Promise((resolve) => child.once('exit', resolve)));
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.race([Promise.all(exits), new Promise((resolve) => setTimeout(resolve, 30_000).unref())]);
  await db?.close();
  await database?.drop();
  await s3?.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
}, 60_000);

/** A client of instance `index` carrying another client's session, as a load balancer would route it. */
function on(index: number, session: TestClient): TestClient {
  const instance = instances[index];
  if (!instance) throw new Error(`no instance ${index}`);
  const client = new TestClient(instance.url);
  const cookie = session.cookieHeader();
  const request = client.request.bind(client);
  client.request = (method, path, options = {}) => request(method, path, { ...options, headers: { Origin: publicUrl, Cookie: cookie, ...options.headers } });
  return client;
}

function url(index: number): string {
  const instance = instances[index];
  if (!instance) throw new Error(`no instance ${index}`);
  return instance.url;
}

describe('two instances on one database and one S3 store', () => {
  it('a session made on one instance is valid on the other, and a sign-out on one ends it on both', async () => {
    const person = await createUser(db.db, { company, role: 'member' });
    const signed = await signIn({ url: url(0) }, person);
    const me = await on(1, signed.client).get<Me>('/api/me');
    expect(me.status, me.text).toBe(200);
    expect(me.body.id).toBe(person.id);

    const out = await on(1, signed.client).post('/api/auth/sign-out', {});
    expect(out.status, out.text).toBe(200);
    expect((await on(0, signed.client).get('/api/me')).status).toBe(401);
  });

  it('a chat message posted to one instance reaches a socket on the other, once', async () => {
    const colleague = await createUser(db.db, { company, role: 'member' });
    const owner = await signIn({ url: url(0) }, company.owner);
    // Signed in through the balancer's address (instance A); its socket opened on instance B.
    const reader = await signIn({ url: url(0) }, colleague);
    const socket = await openTestSocket(url(1), { Cookie: reader.client.cookieHeader(), Origin: publicUrl });
    try {
      const conversation = await on(0, owner.client).post<{ conversation: { id: string } }>('/api/chat/conversations', { memberIds: [colleague.id] });
      expect(conversation.status, conversation.text).toBe(201);
      const clientId = randomUUID();
      const sent = await on(0, owner.client).post<{ message: { id: string } }>(`/api/chat/conversations/${conversation.body.conversation.id}/messages`, {
        clientId,
        content: 'Sent on A, read on B',
      });
      expect(sent.status, sent.text).toBe(201);
      const event = await socket.next(
        (e) => (e.type === 'message' && e.message.id === sent.body.message.id) || (e.type === 'message-ref' && e.messageId === sent.body.message.id),
        10_000,
      );
      expect(event).toBeTruthy();
      await new Promise((r) => setTimeout(r, 500));
      const copies = socket.events.filter(
        (e) => (e.type === 'message' && e.message.id === sent.body.message.id) || (e.type === 'message-ref' && e.messageId === sent.body.message.id),
      );
      expect(copies).toHaveLength(1);
      const read = await on(1, reader.client).get<MessagesResponse>(`/api/chat/conversations/${conversation.body.conversation.id}/messages`);
      expect(read.body.messages.map((m) => m.content)).toEqual(['Sent on A, read on B']);
    } finally {
      socket.close();
    }
  });

  it('a photo uploaded to one instance gets its thumbnails once, served by either instance; its report renders once', async () => {
    const owner = await signIn({ url: url(0) }, company.owner);
    const sessionId = randomUUID();
    const created = await on(0, owner.client).post('/api/inspections', {
      id: sessionId,
      editedAt: new Date().toISOString(),
      fields: {
        street: '40 Hail Alley',
        city: 'Tulsa',
        state: 'OK',
        zip: '74103',
        homeownerName: 'Jo Park',
        structures: [{ id: 'house', name: 'Main house', kind: 'main_house', areas: ['roof'], slopes: [{ direction: 'N', testSquareHits: 6 }] }],
      },
    });
    expect(created.status, created.text).toBe(201);
    const bytes = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 90, g: 140, b: 60 } } })
      .jpeg()
      .toBuffer();
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const photoId = randomUUID();
    const query = new URLSearchParams({
      fileName: 'front.jpg',
      sha256,
      category: 'overview',
      subcategory: 'front_of_house',
      phase: 'overview',
      structureId: 'house',
    });
    const put = await on(0, owner.client).put(`/api/inspections/${sessionId}/photos/${photoId}?${query.toString()}`, new Uint8Array(bytes), {
      headers: { 'Content-Type': 'image/jpeg' },
    });
    expect(put.status, put.text).toBe(201);

    let photo: Photo | null = null;
    // The small thumbnail is published first (the upload drew it), the large one ends the job.
    for (let i = 0; i < 120 && !(photo?.thumbSmallUrl && photo.thumbLargeUrl); i++) {
      const read = await on(1, owner.client).get<Photo>(`/api/photos/${photoId}`);
      expect(read.status, read.text).toBe(200);
      photo = read.body;
      if (!(photo.thumbSmallUrl && photo.thumbLargeUrl)) await new Promise((r) => setTimeout(r, 250));
    }
    if (!photo?.thumbSmallUrl || !photo.thumbLargeUrl) throw new Error('no thumbnails within 30 s');
    for (const [index, link] of [photo.thumbSmallUrl, photo.thumbLargeUrl, photo.url].entries()) {
      // Signed links work on either instance: the same secret, the same store.
      const served = await fetch(link.replace(publicUrl, url(index % 2)));
      expect(served.status, link).toBe(200);
      if (link === photo.url)
        expect(
          createHash('sha256')
            .update(new Uint8Array(await served.arrayBuffer()))
            .digest('hex'),
        ).toBe(sha256);
    }
    const thumbnailJobs = await db.db.execute<{ state: string }>(
      sql`select state from pgboss.job where name = 'generate-photo-thumbnails' and data->>'photoId' = ${photoId}`,
    );
    expect(thumbnailJobs.rows.map((row) => row.state)).toEqual(['completed']);

    // A photo report asked for on both instances at the same moment: one document, one render.
    const report = await on(0, owner.client).post<{ report: { id: string } }>('/api/reports', {
      kind: 'photo',
      sessionId,
      overrideReason: 'Front only for the two-instance test',
    });
    expect(report.status, report.text).toBe(201);
    const reportId = report.body.report.id;
    let status = '';
    for (let i = 0; i < 240 && status !== 'ready' && status !== 'failed'; i++) {
      const read = await on(i % 2, owner.client).get<{ report: { status: string } }>(`/api/reports/${reportId}`);
      status = read.body.report.status;
      if (status !== 'ready') await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe('ready');
    // Asked again on both instances at once, with nothing changed: the stored PDF answers, nothing is drawn again.
    const again = await Promise.all([0, 1].map((index) => on(index, owner.client).post<{ report: { status: string } }>(`/api/reports/${reportId}/render`, {})));
    for (const answer of again) {
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.report.status).toBe('ready');
    }
    const renders = await db.db.execute<{ state: string }>(
      sql`select state from pgboss.job where name = 'render-document' and data->>'reportId' = ${reportId}`,
    );
    expect(renders.rows.map((row) => row.state)).toEqual(['completed']);
  }, 120_000);

  it('the write limit and the active-file limit hold across both instances together', async () => {
    const owner = await signIn({ url: url(0) }, company.owner);
    // Writes from one client address, alternating between the instances: together never more than the
    // limit (40 a minute); each instance may refuse a lease's worth early (5), never late.
    const clientIp = { 'X-Forwarded-For': '203.0.113.29' };
    let allowed = 0;
    let refused = 0;
    for (let i = 0; i < 60; i++) {
      const answer = await on(i % 2, owner.client).post(`/api/chat/conversations/${randomUUID()}/read`, {}, { headers: clientIp });
      if (answer.status === 429) refused++;
      else allowed++;
    }
    expect(allowed).toBeLessThanOrEqual(40);
    expect(allowed).toBeGreaterThanOrEqual(40 - 5);
    expect(refused).toBe(60 - allowed);

    // The trial counts as Professional (25 active files): with 23 active, four claim files asked for at
    // once on both instances give exactly two.
    const active = await db.db.execute<{ n: number }>(sql`select count(*)::int as n from projects where company_id = ${company.id} and is_active`);
    for (let i = active.rows[0]?.n ?? 0; i < 23; i++) await insertProjectRow(db.db, company.id, { title: `Filler ${i}` });
    const asks = await Promise.all(
      [0, 1, 0, 1].map((index, n) =>
        on(index, owner.client).post('/api/projects', { title: `Race ${n}`, homeownerName: 'Lee Fox', street: `${n} Race Street` }),
      ),
    );
    expect(asks.map((a) => a.status).sort()).toEqual([201, 201, 409, 409]);
    for (const refusedAsk of asks.filter((a) => a.status === 409)) expect(refusedAsk.text).toContain('ACTIVE_FILE_LIMIT');
  }, 60_000);

  it('a rolling restart of one instance loses nothing: every photo arrives once and every message once', async () => {
    const owner = await signIn({ url: url(0) }, company.owner);
    const colleague = await createUser(db.db, { company, role: 'member' });
    const sessionId = randomUUID();
    const created = await on(0, owner.client).post('/api/inspections', {
      id: sessionId,
      editedAt: new Date().toISOString(),
      fields: {
        street: '7 Restart Road',
        city: 'Tulsa',
        state: 'OK',
        zip: '74103',
        homeownerName: 'Ada Hale',
        structures: [{ id: 'house', name: 'Main house', kind: 'main_house', areas: ['roof'], slopes: [{ direction: 'N', testSquareHits: 3 }] }],
      },
    });
    expect(created.status, created.text).toBe(201);
    const conversation = await on(0, owner.client).post<{ conversation: { id: string } }>('/api/chat/conversations', { memberIds: [colleague.id] });
    const conversationId = conversation.body.conversation.id;

    // As a load balancer with a phone behind it: requests go round the instances; a refused
    // connection, a cut answer or 503 (an instance stopping) is sent again, with the same ids, to the
    // next one, as the upload queue and the chat outbox do.
    let turn = 0;
    let restarted = false;
    const answeredByRestarted = { count: 0 };
    async function balanced<T>(
      send: (client: TestClient) => Promise<{ status: number; body: T; text: string }>,
    ): Promise<{ status: number; body: T; text: string }> {
      for (let attempt = 0; attempt < 40; attempt++) {
        const index = turn++ % 2;
        try {
          const answer = await send(on(index, owner.client));
          if (answer.status !== 503) {
            if (restarted && index === 1) answeredByRestarted.count++;
            return answer;
          }
        } catch {
          // connection refused or reset while the instance restarts
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('no instance answered in 40 attempts');
    }

    const photos = new Map<string, string>();
    const uploads = (async () => {
      // Until the restarted instance has taken some of the work (and at least 24 photos), however
      // long its restart takes on a busy machine (the test's own timeout is the bound).
      for (let n = 0; n < 24 || !restarted || answeredByRestarted.count < 4; n++) {
        const bytes = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: (n * 37) % 256, g: (n * 71) % 256, b: 200 } } })
          .jpeg()
          .toBuffer();
        const sha256 = createHash('sha256').update(bytes).digest('hex');
        const photoId = randomUUID();
        const query = new URLSearchParams({
          fileName: `detail-${n}.jpg`,
          sha256,
          category: 'damage',
          subcategory: 'hail',
          phase: 'detail',
          structureId: 'house',
        });
        const answer = await balanced((client) =>
          client.put(`/api/inspections/${sessionId}/photos/${photoId}?${query.toString()}`, new Uint8Array(bytes), {
            headers: { 'Content-Type': 'image/jpeg' },
          }),
        );
        expect([200, 201], answer.text).toContain(answer.status);
        photos.set(photoId, sha256);
        // A phone's pace while the instance is away, faster once it is back.
        if (!restarted) await new Promise((r) => setTimeout(r, 300));
      }
    })();
    const said: string[] = [];
    const chatting = (async () => {
      for (let n = 0; n < 40 || !restarted || answeredByRestarted.count < 4; n++) {
        const content = `Update ${n} from the roof`;
        const clientId = randomUUID();
        const answer = await balanced((client) => client.post(`/api/chat/conversations/${conversationId}/messages`, { clientId, content }));
        expect([200, 201], answer.text).toContain(answer.status);
        said.push(content);
        await new Promise((r) => setTimeout(r, restarted ? 50 : 200));
      }
    })();

    // Instance B stops (SIGTERM: it drains, finishes what is in flight, closes its sockets) and starts again.
    await new Promise((r) => setTimeout(r, 400));
    const second = instances[1];
    if (!second) throw new Error('no second instance');
    second.running.child.kill('SIGTERM');
    expect(await second.running.exited).toBe(0);
    second.running = launchTs(mainTs, [], { env: second.env, children });
    await waitForReady(second.url, second.running);
    restarted = true;
    await Promise.all([uploads, chatting]);
    expect(answeredByRestarted.count).toBeGreaterThanOrEqual(4);

    const listed = await on(1, owner.client).get<{ photos: Photo[] }>(`/api/inspections/${sessionId}/photos`);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.photos.map((p) => p.id).sort()).toEqual([...photos.keys()].sort());
    const rows = await db.db.execute<{ n: number }>(sql`select count(*)::int as n from inspection_photos where session_id = ${sessionId}`);
    expect(rows.rows[0]?.n).toBe(photos.size);
    for (const photo of listed.body.photos) {
      const original = await fetch(photo.url.replace(publicUrl, url(0)));
      expect(
        createHash('sha256')
          .update(new Uint8Array(await original.arrayBuffer()))
          .digest('hex'),
      ).toBe(photos.get(photo.id));
    }
    // Every message once, in the order sent (all of them, past the API's page of the newest).
    const stored = await db.db.execute<{ content: string }>(sql`select content from messages where conversation_id = ${conversationId} order by seq`);
    expect(stored.rows.map((row) => row.content)).toEqual(said);
    const newest = await on(0, owner.client).get<MessagesResponse>(`/api/chat/conversations/${conversationId}/messages`);
    expect(newest.body.messages.map((m) => m.content)).toEqual(said.slice(-newest.body.messages.length));
  }, 300_000);
});
