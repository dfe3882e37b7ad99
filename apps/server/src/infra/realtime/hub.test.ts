import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { ChatMessage, RealtimeEvent } from '@ridgeline/shared/contracts/chat';
import { createLogger } from '../../lib/logger';
import { openTestSocket, type TestSocket } from '../../test/realtime-socket';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { openDatabase, type Database } from '../db/client';
import { CLOSE_ACCESS_WITHDRAWN, CLOSE_SESSION_ENDED, createRealtimeHub, type RealtimeHub, type SocketGrant } from './hub';
import { publishRealtime, publishRevocation, type RevocationReason } from './publish';

// The hub on its own, on real PostgreSQL: a plain node server whose every upgrade is accepted for
// the user, session and company named in the query (authentication is realtime-upgrade.ts's, tested
// there). Events published with NOTIFY reach the sockets of the users named, revocations close the
// sockets they name, the client's budget holds, and the LISTEN connection comes back after its
// backend is killed.

let database: TestDatabase;
let db: Database;
let hub: RealtimeHub;
let server: Server;
let baseUrl: string;
const open: TestSocket[] = [];

/** The grant a test server accepts an upgrade with: the user, session and company in the query. */
function grantOf(url: string | undefined): SocketGrant {
  const query = new URL(url ?? '/', 'http://local').searchParams;
  const userId = query.get('user') ?? 'nobody';
  return { userId, sessionId: query.get('session') ?? `${userId}-session`, companyId: query.get('company') ?? 'company-1' };
}

async function connect(userId: string, sessionId = `${userId}-session`, companyId = 'company-1', url = baseUrl): Promise<TestSocket> {
  const socket = await openTestSocket(url, {}, `/socket?user=${userId}&session=${sessionId}&company=${companyId}`);
  open.push(socket);
  await socket.next((event) => event.type === 'ready');
  return socket;
}

function message(conversationId: string, seq: number, content: string): ChatMessage {
  return {
    id: randomUUID(),
    conversationId,
    seq,
    clientId: randomUUID(),
    senderId: 'sender',
    senderName: 'Sam Sender',
    content,
    messageType: 'text',
    attachments: [],
    mentions: [],
    createdAt: new Date().toISOString(),
  };
}

const isMessage = (seq: number) => (event: RealtimeEvent) => event.type === 'message' && event.message.seq === seq;

beforeAll(async () => {
  database = await createTestDatabase();
  const logger = createLogger('silent');
  db = openDatabase(database.url, logger, 2);
  hub = createRealtimeHub({ databaseUrl: database.url, logger, eventsPerSecond: 5, reconnectMinMs: 50 });
  await hub.start();
  server = createServer((_request, response) => response.end());
  server.on('upgrade', (request, socket, head) => hub.accept(request, socket, head, grantOf(request.url)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const socket of open) socket.close();
  await hub.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await db.close();
  await database.drop();
});

describe('realtime hub', () => {
  it('sends ready on connect and delivers a published event to every socket of the users named, and to no one else, within a second', async () => {
    const conversationId = randomUUID();
    const aliceTab1 = await connect('alice');
    const aliceTab2 = await connect('alice');
    const bob = await connect('bob');
    const carol = await connect('carol');
    const started = Date.now();
    await publishRealtime(db.db, { to: ['alice', 'bob'], event: { type: 'message', message: message(conversationId, 1, 'Shingles are here') } });
    const received = await Promise.all([aliceTab1, aliceTab2, bob].map((socket) => socket.next(isMessage(1))));
    expect(Date.now() - started).toBeLessThan(1000);
    for (const event of received) expect(event).toMatchObject({ type: 'message', message: { conversationId, content: 'Shingles are here' } });
    // Carol was not named: a later event to her arrives, the first never did.
    await publishRealtime(db.db, { to: ['carol'], event: { type: 'membership', conversationId } });
    await carol.next((event) => event.type === 'membership');
    expect(carol.events.some((event) => event.type === 'message')).toBe(false);
  });

  it('publishes at commit: a rolled-back transaction sends nothing', async () => {
    const conversationId = randomUUID();
    const dana = await connect('dana');
    await db.db
      .transaction(async (tx) => {
        await publishRealtime(tx, { to: ['dana'], event: { type: 'membership', conversationId } });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await db.db.transaction(async (tx) => publishRealtime(tx, { to: ['dana'], event: { type: 'message', message: message(conversationId, 2, 'committed') } }));
    await dana.next(isMessage(2));
    expect(dana.events.some((event) => event.type === 'membership')).toBe(false);
  });

  it('carries a message too large for NOTIFY as a message-ref', async () => {
    const conversationId = randomUUID();
    const erin = await connect('erin');
    const big = message(conversationId, 3, 'x'.repeat(9000));
    await publishRealtime(db.db, { to: ['erin'], event: { type: 'message', message: big } });
    const event = await erin.next((e) => e.type === 'message-ref');
    expect(event).toEqual({ type: 'message-ref', conversationId, messageId: big.id, seq: 3 });
  });

  it('keeps each socket to its budget: events over 5 a second are dropped, a flood closes the socket with 1008', async () => {
    const frank = await connect('frank');
    const conversations = Array.from({ length: 6 }, () => randomUUID());
    for (const conversationId of conversations) frank.ws.send(JSON.stringify({ type: 'viewing', conversationId }));
    // The first five are taken (the last of them is recorded), the sixth is over the budget.
    await expect.poll(() => hub.isViewing('frank', conversations[4] ?? '')).toBe(true);
    expect(hub.isViewing('frank', conversations[5] ?? '')).toBe(false);
    // Malformed events are ignored; the socket stays open and its next event is taken.
    const grace = await connect('grace');
    grace.ws.send('not json');
    grace.ws.send(JSON.stringify({ type: 'shout' }));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const conversationId = randomUUID();
    grace.ws.send(JSON.stringify({ type: 'viewing', conversationId }));
    await expect.poll(() => hub.isViewing('grace', conversationId)).toBe(true);
    expect(grace.ws.readyState).toBe(grace.ws.OPEN);
    // Flooding: more than three times the budget within a second.
    for (let i = 0; i < 20; i++) frank.ws.send(JSON.stringify({ type: 'ping' }));
    expect(await frank.closed).toBe(1008);
    expect(grace.ws.readyState).toBe(grace.ws.OPEN);
  });

  it('opens the LISTEN connection again after its backend is killed, tells every socket to catch up, and events flow again', async () => {
    const conversationId = randomUUID();
    const henry = await connect('henry');
    const readyBefore = henry.events.filter((event) => event.type === 'ready').length;
    const pid = hub.listenerPid();
    expect(pid).not.toBeNull();
    await db.pool.query('select pg_terminate_backend($1)', [pid]);
    await expect.poll(() => henry.events.filter((event) => event.type === 'ready').length, { timeout: 5000 }).toBe(readyBefore + 1);
    expect(hub.listenerPid()).not.toBe(pid);
    await publishRealtime(db.db, { to: ['henry'], event: { type: 'message', message: message(conversationId, 4, 'back again') } });
    await henry.next(isMessage(4));
  });

  it('closes on a revocation only the sockets it names: one session (4401), one company, or every socket of the user (4403); nothing reaches them after', async () => {
    const conversationId = randomUUID();
    const laptop = await connect('kim', 'kim-laptop');
    const phone = await connect('kim', 'kim-phone');
    const lee = await connect('lee');
    await publishRevocation(db.db, { userId: 'kim', sessionId: 'kim-laptop', reason: 'session-ended' });
    await publishRealtime(db.db, { to: ['kim', 'lee'], event: { type: 'message', message: message(conversationId, 5, 'after sign-out') } });
    expect(await laptop.closedWith).toEqual({ code: CLOSE_SESSION_ENDED, reason: 'Session ended' });
    await phone.next(isMessage(5));
    await lee.next(isMessage(5));
    expect(laptop.events.some((event) => event.type === 'message')).toBe(false);
    // Leaving another company closes nothing of this one.
    await publishRevocation(db.db, { userId: 'kim', companyId: 'company-2', reason: 'left-company' });
    await publishRealtime(db.db, { to: ['kim'], event: { type: 'message', message: message(conversationId, 6, 'still here') } });
    await phone.next(isMessage(6));
    // A disabled account: every socket of the user, whatever its session.
    await publishRevocation(db.db, { userId: 'kim', reason: 'account-disabled' });
    await publishRealtime(db.db, { to: ['kim', 'lee'], event: { type: 'message', message: message(conversationId, 7, 'after the ban') } });
    expect(await phone.closedWith).toEqual({ code: CLOSE_ACCESS_WITHDRAWN, reason: 'Account disabled' });
    await lee.next(isMessage(7));
    expect(phone.events.some((event) => isMessage(7)(event))).toBe(false);
    expect(hub.socketCount()).toBeGreaterThan(0);
    expect(lee.ws.readyState).toBe(lee.ws.OPEN);
  });

  it('closes every socket when the hub closes', async () => {
    const logger = createLogger('silent');
    const second = createRealtimeHub({ databaseUrl: database.url, logger, eventsPerSecond: 5 });
    await second.start();
    const other = createServer();
    other.on('upgrade', (request, socket, head) => second.accept(request, socket, head, grantOf('/?user=ivy')));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', () => resolve()));
    const socket = await openTestSocket(`http://127.0.0.1:${(other.address() as AddressInfo).port}`, {});
    await socket.next((event) => event.type === 'ready');
    expect(second.socketCount()).toBe(1);
    await second.close();
    expect(await socket.closed).toBe(1001);
    expect(second.socketCount()).toBe(0);
    await new Promise<void>((resolve) => other.close(() => resolve()));
  });
});

describe('realtime hub heartbeat', () => {
  it('drops a socket that does not answer the server ping, and keeps one that does', async () => {
    const logger = createLogger('silent');
    const beating = createRealtimeHub({ databaseUrl: database.url, logger, eventsPerSecond: 5, heartbeatMs: 100 });
    await beating.start();
    const other = createServer();
    other.on('upgrade', (request, socket, head) => beating.accept(request, socket, head, grantOf('/?user=jack')));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', () => resolve()));
    const url = `ws://127.0.0.1:${(other.address() as AddressInfo).port}`;
    const silent = new WebSocket(url, { autoPong: false });
    const answering = new WebSocket(url);
    await Promise.all([silent, answering].map((ws) => new Promise((resolve) => ws.once('open', resolve))));
    const silentClosed = new Promise<number>((resolve) => silent.once('close', resolve));
    expect(await silentClosed).toBe(1006);
    expect(answering.readyState).toBe(WebSocket.OPEN);
    expect(beating.socketCount()).toBe(1);
    answering.close();
    await beating.close();
    await new Promise<void>((resolve) => other.close(() => resolve()));
  });
});

describe('realtime hub grant check', () => {
  it('checks the grants of every socket in one call per heartbeat, closes those that no longer hold, and keeps every socket when the check fails', async () => {
    const logger = createLogger('silent');
    const verdicts = new Map<string, RevocationReason | null>();
    const calls: SocketGrant[][] = [];
    let failing = false;
    const checking = createRealtimeHub({
      databaseUrl: database.url,
      logger,
      eventsPerSecond: 5,
      heartbeatMs: 100,
      checkGrants: async (grants) => {
        calls.push([...grants]);
        if (failing) throw new Error('database unavailable');
        return grants.map((grant) => verdicts.get(grant.sessionId) ?? null);
      },
    });
    await checking.start();
    const other = createServer();
    other.on('upgrade', (request, socket, head) => checking.accept(request, socket, head, grantOf(request.url)));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', () => resolve()));
    const url = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    const miaTab1 = await connect('mia', 'mia-session', 'company-1', url);
    const miaTab2 = await connect('mia', 'mia-session', 'company-1', url);
    const ned = await connect('ned', 'ned-session', 'company-1', url);
    // Two sockets of one session are one grant: one call carries both grants.
    await expect.poll(() => calls.at(-1)?.length ?? 0).toBe(2);
    expect(
      calls
        .at(-1)
        ?.map((grant) => grant.sessionId)
        .sort(),
    ).toEqual(['mia-session', 'ned-session']);

    verdicts.set('mia-session', 'session-ended');
    expect(await miaTab1.closedWith).toEqual({ code: CLOSE_SESSION_ENDED, reason: 'Session ended' });
    expect(await miaTab2.closed).toBe(CLOSE_SESSION_ENDED);
    expect(checking.socketCount()).toBe(1);

    failing = true;
    const failedBefore = calls.length;
    await expect.poll(() => calls.length).toBeGreaterThan(failedBefore + 2);
    expect(ned.ws.readyState).toBe(ned.ws.OPEN);

    failing = false;
    verdicts.set('ned-session', 'left-company');
    expect(await ned.closedWith).toEqual({ code: CLOSE_ACCESS_WITHDRAWN, reason: 'No longer a member of the company' });
    expect(checking.socketCount()).toBe(0);
    await checking.close();
    await new Promise<void>((resolve) => other.close(() => resolve()));
  });
});
