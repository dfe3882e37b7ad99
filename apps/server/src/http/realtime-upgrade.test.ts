import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@ridgeline/shared/contracts/chat';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../config';
import { user } from '../infra/db/schema/index';
import { publishRealtime } from '../infra/realtime/publish';
import { startServer, type RunningServer } from '../server';
import { createCompany, signedInOwner, signedInUser, type SignedUpUser } from '../test/factories';
import { freePort } from '../test/processes';
import { openTestSocket, refusedUpgrade, type TestSocket } from '../test/realtime-socket';
import { TEST_SECRET } from '../test/test-server';
import { useTestServer } from '../test/use-test-server';

// GET /api/realtime upgraded to a WebSocket, authenticated like every request (trusted Origin, the
// signed session cookie, the identity query), and the fan-out between two API instances on one
// database through LISTEN/NOTIFY.

const server = useTestServer();
const sockets: TestSocket[] = [];

function headersOf(user: SignedUpUser, origin = server.url): Record<string, string> {
  return { Origin: origin, Cookie: user.client.cookieHeader() };
}

async function connect(baseUrl: string, headers: Record<string, string>): Promise<TestSocket> {
  const socket = await openTestSocket(baseUrl, headers);
  sockets.push(socket);
  await socket.next((event) => event.type === 'ready');
  return socket;
}

afterAll(() => {
  for (const socket of sockets) socket.close();
});

describe('GET /api/realtime', () => {
  it('refuses an upgrade without a session (401), from another origin (403), on another path (404), and accepts a member with ready', async () => {
    const owner = await signedInOwner(server);
    const noCookie = await refusedUpgrade(server.url, { Origin: server.url });
    expect(noCookie.status).toBe(401);
    expect(JSON.parse(noCookie.body)).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    const forged = await refusedUpgrade(server.url, {
      Origin: server.url,
      Cookie: 'better-auth.session_token=abc.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
    });
    expect(forged.status).toBe(401);
    const otherOrigin = await refusedUpgrade(server.url, headersOf(owner, 'https://evil.example'));
    expect(otherOrigin.status).toBe(403);
    expect(JSON.parse(otherOrigin.body)).toMatchObject({ error: { code: 'INVALID_ORIGIN' } });
    const noOrigin = await refusedUpgrade(server.url, { Cookie: owner.client.cookieHeader() });
    expect(noOrigin.status).toBe(403);
    const otherPath = await refusedUpgrade(server.url, headersOf(owner), '/api/me');
    expect(otherPath.status).toBe(404);
    const socket = await connect(server.url, headersOf(owner));
    expect(socket.events[0]).toEqual({ type: 'ready' });
  });

  it('refuses a user with no company and a disabled account (403)', async () => {
    const loner = await signedInUser(server);
    const noCompany = await refusedUpgrade(server.url, headersOf(loner));
    expect(noCompany.status).toBe(403);
    expect(JSON.parse(noCompany.body)).toMatchObject({ error: { code: 'NO_COMPANY' } });
    const company = await createCompany(server.db);
    const member = await signedInUser(server, { company });
    await server.db.update(user).set({ banned: true }).where(eq(user.id, member.user.id));
    const disabled = await refusedUpgrade(server.url, headersOf(member));
    expect(disabled.status).toBe(403);
    expect(JSON.parse(disabled.body)).toMatchObject({ error: { code: 'ACCOUNT_DISABLED' } });
  });

  it('refuses a signed-out session', async () => {
    const owner = await signedInOwner(server);
    const headers = headersOf(owner);
    expect((await owner.client.post('/api/auth/sign-out', {})).status).toBe(200);
    expect((await refusedUpgrade(server.url, headers)).status).toBe(401);
  });
});

describe('two API instances on one database', () => {
  let second: RunningServer;
  let secondUrl: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ridgeline-test-'));
    const port = await freePort();
    secondUrl = `http://127.0.0.1:${port}`;
    second = await startServer(
      loadConfig({
        DATABASE_URL: server.deps.config.databaseUrl ?? '',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: secondUrl,
        SERVE_WEB: 'false',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        NODE_ENV: 'test',
        BETTER_AUTH_SECRET: TEST_SECRET,
      }),
    );
  });

  afterAll(async () => {
    await second.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("delivers a message posted through instance A to a member's socket on instance B within a second, and not to a non-member", async () => {
    const owner = await signedInOwner(server);
    const colleague = await signedInUser(server, { company: owner.company });
    const outsider = await signedInUser(server, { company: owner.company });
    const onB = await connect(secondUrl, { Origin: secondUrl, Cookie: colleague.client.cookieHeader() });
    const outsiderOnB = await connect(secondUrl, { Origin: secondUrl, Cookie: outsider.client.cookieHeader() });
    const created = await owner.client.post<{ conversation: { id: string } }>('/api/chat/conversations', { memberIds: [colleague.user.id] });
    expect(created.status).toBe(201);
    const conversationId = created.body.conversation.id;
    const started = Date.now();
    const posted = await owner.client.post<{ message: ChatMessage }>(`/api/chat/conversations/${conversationId}/messages`, {
      clientId: randomUUID(),
      content: 'Adjuster is on site',
    });
    expect(posted.status).toBe(201);
    const event = await onB.next((e) => e.type === 'message');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(event).toEqual({ type: 'message', message: posted.body.message });
    // The outsider of the same company hears of a later event of their own, never of the message.
    await publishRealtime(server.db, { to: [outsider.user.id], event: { type: 'membership', conversationId: randomUUID() } });
    await outsiderOnB.next((e) => e.type === 'membership');
    expect(outsiderOnB.events.some((e) => e.type === 'message')).toBe(false);
  });
});
