import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ChatMessage } from '@ridgeline/shared/contracts/chat';
import type { TeamResponse } from '@ridgeline/shared/contracts/team';
import { loadConfig } from '../config';
import { conversationMembers, members, pushSubscriptions, session, user } from '../infra/db/schema/index';
import { CLOSE_ACCESS_WITHDRAWN, CLOSE_SESSION_ENDED } from '../infra/realtime/hub';
import { startServer, type RunningServer } from '../server';
import { signedInOwner, signedInUser, signIn, type SignedUpUser, type TestCompany, type TestUser } from '../test/factories';
import { freePort } from '../test/processes';
import { startLocalPushService, type LocalPushService, type LocalSubscription } from '../test/push-service';
import { openTestSocket, type TestSocket } from '../test/realtime-socket';
import { SESSION_COOKIE } from '../test/test-client';
import { TEST_SECRET, type TestServer } from '../test/test-server';
import { useTestServer } from '../test/use-test-server';

// An open /api/realtime socket is closed, and receives nothing more, once the access it was opened
// with ends: its session signed out or revoked (4401), the account disabled or the user removed
// from the company (4403). Revocations travel the instances' LISTEN/NOTIFY channel, so a socket on
// another instance closes too; the heartbeat checks every socket's session again as a backstop.
// Leaving the company also removes the conversation memberships and push subscriptions.

const sockets: TestSocket[] = [];
let pushService: LocalPushService;

type Member = SignedUpUser & { user: TestUser };
type Owner = SignedUpUser & { company: TestCompany };

// The local push service listens on loopback, which the push rules refuse unless its address is listed.
beforeAll(async () => {
  pushService = await startLocalPushService();
});
const server = useTestServer(() => ({ PUSH_TEST_HOSTS: new URL(pushService.origin).host }));

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await pushService.close();
});

async function connect(who: SignedUpUser, baseUrl: string): Promise<TestSocket> {
  const socket = await openTestSocket(baseUrl, { Origin: baseUrl, Cookie: who.client.cookieHeader() });
  sockets.push(socket);
  await socket.next((event) => event.type === 'ready');
  return socket;
}

/** The close code and reason within `timeoutMs`, or null when the socket stayed open. */
function closedWithin(socket: TestSocket, timeoutMs = 3000): Promise<{ code: number; reason: string } | null> {
  return Promise.race([socket.closedWith, new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs))]);
}

/** The session token in a client's signed cookie (what revoke-session takes). */
function sessionTokenOf(who: SignedUpUser): string {
  const pair = who.client
    .cookieHeader()
    .split('; ')
    .find((part) => part.startsWith(`${SESSION_COOKIE}=`));
  const value = decodeURIComponent(pair?.slice(SESSION_COOKIE.length + 1) ?? '');
  return value.slice(0, value.lastIndexOf('.'));
}

/** A company with its owner and members, and a group conversation of them all. */
async function crew(on: TestServer, size: number): Promise<{ owner: Owner; people: Member[]; conversationId: string }> {
  const owner = await signedInOwner(on);
  const people: Member[] = [];
  for (let i = 0; i < size; i++) people.push(await signedInUser(on, { company: owner.company }));
  const created = await owner.client.post<{ conversation: { id: string } }>('/api/chat/conversations', {
    memberIds: people.map((person) => person.user.id),
    name: 'Crew',
  });
  expect(created.status, created.text).toBe(201);
  return { owner, people, conversationId: created.body.conversation.id };
}

async function post(sender: SignedUpUser, conversationId: string, content: string): Promise<ChatMessage> {
  const posted = await sender.client.post<{ message: ChatMessage }>(`/api/chat/conversations/${conversationId}/messages`, { clientId: randomUUID(), content });
  expect(posted.status, posted.text).toBe(201);
  return posted.body.message;
}

const carries = (message: ChatMessage) => (event: TestSocket['events'][number]) =>
  (event.type === 'message' && event.message.id === message.id) || (event.type === 'message-ref' && event.messageId === message.id);

/**
 * A message posted after the event reaches the listening sockets (the events have flowed) and never
 * the cut-off ones, which are closed with the code and reason.
 */
async function expectCutOff(
  sender: SignedUpUser,
  conversationId: string,
  listening: TestSocket[],
  cutOff: TestSocket[],
  close: { code: number; reason: string },
): Promise<void> {
  const message = await post(sender, conversationId, `After the change ${randomUUID()}`);
  for (const socket of listening) await socket.next(carries(message), 3000);
  for (const socket of cutOff) {
    expect(socket.events.some(carries(message))).toBe(false);
    expect(await closedWithin(socket)).toEqual(close);
  }
  for (const socket of listening) expect(socket.ws.readyState).toBe(socket.ws.OPEN);
}

const SESSION_ENDED = { code: CLOSE_SESSION_ENDED, reason: 'Session ended' };
const DISABLED = { code: CLOSE_ACCESS_WITHDRAWN, reason: 'Account disabled' };
const LEFT = { code: CLOSE_ACCESS_WITHDRAWN, reason: 'No longer a member of the company' };

describe('an open realtime socket when its access ends', () => {
  it('sign-out closes the sockets of that session, and only those', async () => {
    const { owner, people, conversationId } = await crew(server, 1);
    const [member] = people as [Member];
    const phone = await signIn(server, member.user);
    const ownerSocket = await connect(owner, server.url);
    const laptopSocket = await connect(member, server.url);
    const phoneSocket = await connect(phone, server.url);
    expect((await member.client.post('/api/auth/sign-out', {})).status).toBe(200);
    await expectCutOff(owner, conversationId, [ownerSocket, phoneSocket], [laptopSocket], SESSION_ENDED);
  });

  it('revoke-session and revoke-other-sessions close the sockets of the revoked sessions, and a new password those of the other devices', async () => {
    const { owner, people, conversationId } = await crew(server, 1);
    const [member] = people as [Member];
    const phone = await signIn(server, member.user);
    const tablet = await signIn(server, member.user);
    const ownerSocket = await connect(owner, server.url);
    const laptopSocket = await connect(member, server.url);
    const phoneSocket = await connect(phone, server.url);
    const tabletSocket = await connect(tablet, server.url);

    const revoked = await member.client.post('/api/auth/revoke-session', { token: sessionTokenOf(phone) });
    expect(revoked.status, revoked.text).toBe(200);
    await expectCutOff(owner, conversationId, [ownerSocket, laptopSocket, tabletSocket], [phoneSocket], SESSION_ENDED);

    const others = await member.client.post('/api/auth/revoke-other-sessions', {});
    expect(others.status, others.text).toBe(200);
    await expectCutOff(owner, conversationId, [ownerSocket, laptopSocket], [tabletSocket], SESSION_ENDED);

    const desk = await signIn(server, member.user);
    const deskSocket = await connect(desk, server.url);
    const changed = await member.client.post('/api/auth/change-password', { currentPassword: member.password, newPassword: 'Gutter-Flashing-Ridge-2031' });
    expect(changed.status, changed.text).toBe(200);
    await expectCutOff(owner, conversationId, [ownerSocket], [deskSocket], SESSION_ENDED);
  });

  it('disabling the account closes every socket of the user', async () => {
    const { owner, people, conversationId } = await crew(server, 2);
    const [member, colleague] = people as [Member, Member];
    const admin = await signedInUser(server, { platformAdmin: true });
    const phone = await signIn(server, member.user);
    const ownerSocket = await connect(owner, server.url);
    const colleagueSocket = await connect(colleague, server.url);
    const laptopSocket = await connect(member, server.url);
    const phoneSocket = await connect(phone, server.url);
    const disabled = await admin.client.patch(`/api/admin/users/${member.user.id}`, { isEnabled: false });
    expect(disabled.status, disabled.text).toBe(200);
    await expectCutOff(owner, conversationId, [ownerSocket, colleagueSocket], [laptopSocket, phoneSocket], DISABLED);
  });

  it('removal from the company closes the sockets, takes the member out of every conversation and deletes their push subscriptions at once; their device is never told of a new message and cannot subscribe again', async () => {
    const { owner, people, conversationId } = await crew(server, 2);
    const [member, colleague] = people as [Member, Member];
    const direct = await owner.client.post<{ conversation: { id: string } }>('/api/chat/conversations', { memberIds: [member.user.id] });
    expect(direct.status, direct.text).toBe(201);
    const subscribe = async (who: SignedUpUser): Promise<LocalSubscription> => {
      const subscription = pushService.subscribe();
      const response = await who.client.post('/api/push/subscriptions', { ...subscription, deviceInfo: 'Chromium on Linux' });
      expect(response.status, response.text).toBe(204);
      return subscription;
    };
    const memberDevice = await subscribe(member);
    const colleagueDevice = await subscribe(colleague);
    const ownerSocket = await connect(owner, server.url);
    const colleagueSocket = await connect(colleague, server.url);
    const memberSocket = await connect(member, server.url);

    const team = await owner.client.get<TeamResponse>('/api/team');
    const membership = team.body.members.find((person) => person.userId === member.user.id);
    const removed = await owner.client.delete(`/api/team/members/${membership?.id ?? ''}`);
    expect(removed.status, removed.text).toBe(204);
    await expectCutOff(owner, conversationId, [ownerSocket, colleagueSocket], [memberSocket], LEFT);

    const memberships = await server.db.select().from(conversationMembers).where(eq(conversationMembers.profileId, member.user.id));
    expect(memberships).toEqual([]);
    expect(await server.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, member.user.id))).toEqual([]);

    // The chat push of a new message goes to the colleague's device only.
    const before = { received: pushService.received.length, refused: pushService.refused.length };
    const pushed = await owner.client.post<{ queued: number }>('/api/functions/send-chat-push', { conversation_id: conversationId, preview: 'Tarps are on' });
    expect(pushed.status, pushed.text).toBe(202);
    expect(pushed.body.queued).toBe(1);
    await pushService.waitFor(before.received + 1);
    // The job sends to every target at once: give a second push time to land, had there been one.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(pushService.received.slice(before.received).map((push) => push.endpoint)).toEqual([colleagueDevice.endpoint]);
    expect(pushService.refused.length).toBe(before.refused);
    const memberDeviceId = memberDevice.endpoint.split('/').pop();
    expect(pushService.received.some((push) => push.subscriptionId === memberDeviceId)).toBe(false);

    // The removed member's session still signs them in, but without a company a device cannot subscribe.
    const again = await member.client.post('/api/push/subscriptions', { ...pushService.subscribe(), deviceInfo: 'Chromium on Linux' });
    expect(again.status, again.text).toBe(403);
    expect(again.body).toMatchObject({ error: { code: 'NO_COMPANY' } });
    expect(await server.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, member.user.id))).toEqual([]);
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

  it('a sign-out, a ban or a removal through instance A closes the sockets on instance B', async () => {
    const { owner, people, conversationId } = await crew(server, 3);
    const [signingOut, banned, leaving] = people as [Member, Member, Member];
    const admin = await signedInUser(server, { platformAdmin: true });
    const ownerOnB = await connect(owner, secondUrl);
    const signingOutOnB = await connect(signingOut, secondUrl);
    const bannedOnB = await connect(banned, secondUrl);
    const leavingOnB = await connect(leaving, secondUrl);

    expect((await signingOut.client.post('/api/auth/sign-out', {})).status).toBe(200);
    await expectCutOff(owner, conversationId, [ownerOnB, bannedOnB, leavingOnB], [signingOutOnB], SESSION_ENDED);

    expect((await admin.client.patch(`/api/admin/users/${banned.user.id}`, { isEnabled: false })).status).toBe(200);
    await expectCutOff(owner, conversationId, [ownerOnB, leavingOnB], [bannedOnB], DISABLED);

    const [row] = await server.db.select({ id: members.id }).from(members).where(eq(members.userId, leaving.user.id));
    expect((await owner.client.delete(`/api/team/members/${row?.id ?? ''}`)).status).toBe(204);
    await expectCutOff(owner, conversationId, [ownerOnB], [leavingOnB], LEFT);
  });
});

describe('the heartbeat backstop', () => {
  // Each heartbeat (every 200 ms here, 30 s by default) checks every socket's session again.
  const beating = useTestServer({ REALTIME_HEARTBEAT_MS: '200' });

  it('closes the socket of a session deleted, a user disabled or a member removed directly in the database, and keeps the others', async () => {
    const { owner, people, conversationId } = await crew(beating, 3);
    const [signedOut, disabled, removed] = people as [Member, Member, Member];
    const ownerSocket = await connect(owner, beating.url);
    const signedOutSocket = await connect(signedOut, beating.url);
    const disabledSocket = await connect(disabled, beating.url);
    const removedSocket = await connect(removed, beating.url);

    await beating.db.delete(session).where(eq(session.userId, signedOut.user.id));
    expect(await closedWithin(signedOutSocket)).toEqual(SESSION_ENDED);

    await beating.db.update(user).set({ banned: true }).where(eq(user.id, disabled.user.id));
    expect(await closedWithin(disabledSocket)).toEqual(DISABLED);

    await beating.db.delete(members).where(and(eq(members.userId, removed.user.id), eq(members.companyId, owner.company.id)));
    expect(await closedWithin(removedSocket)).toEqual(LEFT);

    const message = await post(owner, conversationId, 'Still listening');
    await ownerSocket.next(carries(message));
    for (const socket of [signedOutSocket, disabledSocket, removedSocket]) expect(socket.events.some(carries(message))).toBe(false);
  });
});
