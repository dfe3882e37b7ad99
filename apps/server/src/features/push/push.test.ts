import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../infra/db/client';
import { conversationMembers, conversations, pushSubscriptions } from '../../infra/db/schema/index';
import { loadVapidKeys } from '../../infra/push/vapid-keys';
import { createLogger } from '../../lib/logger';
import { signedInOwner, signedInUser } from '../../test/factories';
import { startLocalPushService, type LocalPushService, type LocalSubscription } from '../../test/push-service';
import type { TestResponse } from '../../test/test-client';
import type { SignedUpUser } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';
import { createPushService } from './push.service';

const server = useTestServer();
let push: LocalPushService;
let owner: Awaited<ReturnType<typeof signedInOwner>>;
let colleague: SignedUpUser & { user: { id: string } };
let third: SignedUpUser & { user: { id: string } };
let outsider: SignedUpUser & { user: { id: string } };
let stranger: Awaited<ReturnType<typeof signedInOwner>>;
let conversationId: string;

beforeAll(async () => {
  push = await startLocalPushService();
  owner = await signedInOwner(server, { name: 'Alpha Roofing', owner: { firstName: 'Dana', lastName: 'Ridge' } });
  colleague = await signedInUser(server, { company: owner.company, firstName: 'Casey', lastName: 'Eave' });
  third = await signedInUser(server, { company: owner.company, firstName: 'Jordan', lastName: 'Gable' });
  outsider = await signedInUser(server, { company: owner.company, firstName: 'Not', lastName: 'Member' });
  stranger = await signedInOwner(server, { name: 'Bravo Siding' });
  conversationId = await conversationOf(owner.company.id, [owner.company.owner.id, colleague.user.id, third.user.id]);
});

afterAll(() => push.close());

/** A conversation row with its members (the chat feature's own tests create them through its API). */
async function conversationOf(companyId: string, memberIds: string[]): Promise<string> {
  const [row] = await server.db.insert(conversations).values({ companyId, isGroup: memberIds.length > 2, name: 'Crew', createdBy: memberIds[0] }).returning({ id: conversations.id });
  if (!row) throw new Error('no conversation');
  await server.db.insert(conversationMembers).values(memberIds.map((profileId) => ({ conversationId: row.id, profileId })));
  return row.id;
}

async function subscribe(user: SignedUpUser, subscription: LocalSubscription = push.subscribe()): Promise<LocalSubscription> {
  const response = await user.client.post('/api/push/subscriptions', { ...subscription, deviceInfo: 'Chromium on Linux' });
  expect(response.status, response.text).toBe(204);
  return subscription;
}

const rowsOf = (endpoint: string) => server.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));

function expectError(response: TestResponse, status: number, code: string) {
  expect(response.status, response.text).toBe(status);
  expect(response.body).toMatchObject({ error: { code, message: expect.any(String), requestId: expect.any(String) } });
}

const sendChatPush = (user: SignedUpUser, body: Record<string, unknown>) => user.client.post<{ queued: number }>('/api/functions/send-chat-push', body);

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('VAPID keys', () => {
  it('serves one public key, stable across loads and across instances on the same database', async () => {
    const first = await owner.client.get<{ publicKey: string }>('/api/functions/webpush-public-key');
    expect(first.status).toBe(200);
    expect(Buffer.from(first.body.publicKey, 'base64url')).toHaveLength(65);
    expect((await colleague.client.get<{ publicKey: string }>('/api/functions/webpush-public-key')).body.publicKey).toBe(first.body.publicKey);
    expect((await loadVapidKeys(server.db)).publicKey).toBe(first.body.publicKey);

    const url = server.deps.config.databaseUrl ?? '';
    const other = openDatabase(url, createLogger('silent'), 2);
    try {
      expect((await loadVapidKeys(other.db)).publicKey).toBe(first.body.publicKey);
    } finally {
      await other.close();
    }
  });

  it('two instances starting together on a database with no keys agree on one pair', async () => {
    const url = server.deps.config.databaseUrl ?? '';
    const saved = await server.db.execute<{ value: unknown }>(sql`select value from app_settings where key = 'vapid_keys'`);
    await server.db.execute(sql`delete from app_settings where key = 'vapid_keys'`);
    const a = openDatabase(url, createLogger('silent'), 2);
    const b = openDatabase(url, createLogger('silent'), 2);
    try {
      const [keysA, keysB] = await Promise.all([loadVapidKeys(a.db), loadVapidKeys(b.db)]);
      expect(keysA).toEqual(keysB);
    } finally {
      await a.close();
      await b.close();
      await server.db.execute(sql`update app_settings set value = ${JSON.stringify(saved.rows[0]?.value)}::jsonb where key = 'vapid_keys'`);
    }
  });

  it('needs a session', async () => {
    expectError(await server.client().get('/api/functions/webpush-public-key'), 401, 'UNAUTHENTICATED');
  });
});

describe('push subscriptions', () => {
  it('upserts on the endpoint: the same endpoint twice is one row with the new keys', async () => {
    const subscription = await subscribe(colleague);
    const renewed = { ...subscription, keys: { p256dh: push.subscribe().keys.p256dh, auth: 'bmV3LWF1dGgtc2VjcmV0' } };
    await subscribe(colleague, renewed);
    const rows = await rowsOf(subscription.endpoint);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ p256dh: renewed.keys.p256dh, auth: 'bmV3LWF1dGgtc2VjcmV0', profileId: colleague.user.id, userId: colleague.user.id, deviceInfo: 'Chromium on Linux' });
    await colleague.client.delete('/api/push/subscriptions', { json: { endpoint: subscription.endpoint } });
  });

  it('deletes only the actor\'s own subscription', async () => {
    const subscription = await subscribe(colleague);
    expect((await third.client.delete('/api/push/subscriptions', { json: { endpoint: subscription.endpoint } })).status).toBe(204);
    expect(await rowsOf(subscription.endpoint)).toHaveLength(1);
    expect((await stranger.client.delete('/api/push/subscriptions', { json: { endpoint: subscription.endpoint } })).status).toBe(204);
    expect(await rowsOf(subscription.endpoint)).toHaveLength(1);
    expect((await colleague.client.delete('/api/push/subscriptions', { json: { endpoint: subscription.endpoint } })).status).toBe(204);
    expect(await rowsOf(subscription.endpoint)).toHaveLength(0);
  });

  it('refuses bad input with 400 and stores nothing', async () => {
    const before = (await server.db.select().from(pushSubscriptions)).length;
    expectError(await colleague.client.post('/api/push/subscriptions', { endpoint: 'not a url', keys: { p256dh: 'a', auth: 'b' } }), 400, 'VALIDATION_ERROR');
    expectError(await colleague.client.post('/api/push/subscriptions', { endpoint: `${push.origin}/push/x` }), 400, 'VALIDATION_ERROR');
    expectError(await colleague.client.post('/api/push/subscriptions', { endpoint: `${push.origin}/push/x`, keys: { p256dh: '', auth: 'b' } }), 400, 'VALIDATION_ERROR');
    expectError(await colleague.client.delete('/api/push/subscriptions', { json: {} }), 400, 'VALIDATION_ERROR');
    expect(await server.db.select().from(pushSubscriptions)).toHaveLength(before);
  });
});

describe('send-chat-push', () => {
  it('delivers the sender\'s name and the 30-character preview to the other members only, the sender taken from the session', async () => {
    const mine = await subscribe(owner);
    const theirs = await subscribe(colleague);
    const thirds = await subscribe(third);
    const notMember = await subscribe(outsider);
    const start = push.received.length;
    const preview = 'The adjuster confirmed the ridge cap replacement for Monday';

    const response = await sendChatPush(owner, { conversation_id: conversationId, sender_profile_id: colleague.user.id, preview });
    expect(response.status, response.text).toBe(202);
    expect(response.body).toEqual({ queued: 2 });

    await push.waitFor(start + 2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const got = push.received.slice(start);
    expect(got.map((p) => p.endpoint).sort()).toEqual([theirs.endpoint, thirds.endpoint].sort());
    expect(got.map((p) => p.endpoint)).not.toContain(mine.endpoint);
    expect(got.map((p) => p.endpoint)).not.toContain(notMember.endpoint);
    for (const received of got) {
      expect(received.payload).toEqual({
        title: 'Dana Ridge',
        body: 'The adjuster confirmed the rid…',
        conversationId,
        url: `/messages?conversation=${conversationId}`,
      });
      expect(received.claims.aud).toBe(push.origin);
      expect(received.claims.sub).toBe(server.deps.config.vapidSubject);
      expect(received.vapidKey).toBe((await loadVapidKeys(server.db)).publicKey);
      expect(Number(received.ttl)).toBeGreaterThan(0);
    }
    for (const s of [mine, theirs, thirds, notMember]) await server.db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, s.endpoint));
  });

  it('deletes a subscription the push service answers 410 or 404 for, and keeps the others', async () => {
    const gone = await subscribe(colleague);
    const missing = await subscribe(colleague);
    const alive = await subscribe(third);
    push.markGone(gone.endpoint, 410);
    push.markGone(missing.endpoint, 404);
    const start = push.received.length;
    const response = await sendChatPush(owner, { conversation_id: conversationId, preview: 'Tarp is up' });
    expect(response.body).toEqual({ queued: 3 });
    await push.waitFor(start + 1);
    await until(async () => (await rowsOf(gone.endpoint)).length === 0 && (await rowsOf(missing.endpoint)).length === 0);
    expect(await rowsOf(alive.endpoint)).toHaveLength(1);
    await server.db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, alive.endpoint));
  });

  it('a push service failure only warns: the subscription stays and the other devices still get theirs', async () => {
    const failing = await subscribe(colleague);
    const fine = await subscribe(third);
    push.markFailing(failing.endpoint);
    const warnings: unknown[] = [];
    const service = createPushService({
      db: server.db,
      logger: { warn: (...args: unknown[]) => void warnings.push(args) },
      vapidSubject: server.deps.config.vapidSubject,
      allowInsecureEndpoints: true,
      queue: () => Promise.resolve(),
    });
    const start = push.received.length;
    const outcome = await service.deliverChatPush({ companyId: owner.company.id, conversationId, senderId: owner.company.owner.id, preview: 'Shingles delivered' });
    expect(outcome).toEqual({ delivered: 1, removed: 0, failed: 1 });
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings[0])).toContain('500');
    expect(push.received.slice(start).map((p) => p.endpoint)).toEqual([fine.endpoint]);
    expect(await rowsOf(failing.endpoint)).toHaveLength(1);
    for (const s of [failing, fine]) await server.db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, s.endpoint));
  });

  it('another company\'s user and a non-member of the same company get 404, and nothing is queued', async () => {
    const theirs = await subscribe(colleague);
    const jobsBefore = await server.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = 'send-chat-push'`);
    expectError(await sendChatPush(stranger, { conversation_id: conversationId, preview: 'hello' }), 404, 'NOT_FOUND');
    expectError(await sendChatPush(outsider, { conversation_id: conversationId, preview: 'hello' }), 404, 'NOT_FOUND');
    expectError(await sendChatPush(owner, { conversation_id: crypto.randomUUID(), preview: 'hello' }), 404, 'NOT_FOUND');
    const jobsAfter = await server.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = 'send-chat-push'`);
    expect(jobsAfter.rows[0]?.n).toBe(jobsBefore.rows[0]?.n);
    await server.db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, theirs.endpoint));
  });

  it('refuses bad input with 400 and needs a session', async () => {
    expectError(await sendChatPush(owner, { conversation_id: 'not-a-uuid', preview: 'x' }), 400, 'VALIDATION_ERROR');
    expectError(await sendChatPush(owner, { preview: 'x' }), 400, 'VALIDATION_ERROR');
    expectError(await sendChatPush(owner, { conversation_id: conversationId, preview: 'x'.repeat(201) }), 400, 'VALIDATION_ERROR');
    expectError(await server.client().post('/api/functions/send-chat-push', { conversation_id: conversationId }), 401, 'UNAUTHENTICATED');
  });

  it('answers 0 queued when no other member has a device', async () => {
    expect((await sendChatPush(owner, { conversation_id: conversationId, preview: 'anyone?' })).body).toEqual({ queued: 0 });
  });
});
