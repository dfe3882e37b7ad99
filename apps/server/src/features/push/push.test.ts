import { randomUUID } from 'node:crypto';
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

let push: LocalPushService;
beforeAll(async () => {
  push = await startLocalPushService();
});
// The local push service listens on 127.0.0.1: its host:port is the one listed test host.
const server = useTestServer(() => ({ PUSH_TEST_HOSTS: new URL(push.origin).host }));
let owner: Awaited<ReturnType<typeof signedInOwner>>;
let colleague: SignedUpUser & { user: { id: string } };
let third: SignedUpUser & { user: { id: string } };
let outsider: SignedUpUser & { user: { id: string } };
let stranger: Awaited<ReturnType<typeof signedInOwner>>;
let conversationId: string;

beforeAll(async () => {
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
  const [row] = await server.db
    .insert(conversations)
    .values({ companyId, isGroup: memberIds.length > 2, name: 'Crew', createdBy: memberIds[0] })
    .returning({ id: conversations.id });
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

/** Posts a message to the conversation through the chat API (the server pushes it); answers its id. */
async function postMessage(user: SignedUpUser, content: string, conversation = conversationId): Promise<string> {
  const response = await user.client.post<{ message: { id: string } }>(`/api/chat/conversations/${conversation}/messages`, { clientId: randomUUID(), content });
  expect(response.status, response.text).toBe(201);
  return response.body.message.id;
}

/** Waits until the server's push of the message has run to its end. */
async function pushDone(messageId: string): Promise<void> {
  await until(async () => {
    const jobs = await server.db.execute<{ state: string }>(
      sql`select state from pgboss.job where name = 'chat-message-posted--push' and data->>'messageId' = ${messageId}`,
    );
    return jobs.rows.length > 0 && jobs.rows.every((job) => job.state === 'completed');
  });
}

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
    expect(rows[0]).toMatchObject({
      p256dh: renewed.keys.p256dh,
      auth: 'bmV3LWF1dGgtc2VjcmV0',
      profileId: colleague.user.id,
      userId: colleague.user.id,
      deviceInfo: 'Chromium on Linux',
    });
    await colleague.client.delete('/api/push/subscriptions', { json: { endpoint: subscription.endpoint } });
  });

  it("deletes only the actor's own subscription", async () => {
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
    expectError(
      await colleague.client.post('/api/push/subscriptions', { endpoint: `${push.origin}/push/x`, keys: { p256dh: '', auth: 'b' } }),
      400,
      'VALIDATION_ERROR',
    );
    expectError(await colleague.client.delete('/api/push/subscriptions', { json: {} }), 400, 'VALIDATION_ERROR');
    expect(await server.db.select().from(pushSubscriptions)).toHaveLength(before);
  });
});

describe('send-chat-push', () => {
  it("delivers the sender's name and the 30-character preview to the other members only, the sender taken from the session", async () => {
    const mine = await subscribe(owner);
    const theirs = await subscribe(colleague);
    const thirds = await subscribe(third);
    const notMember = await subscribe(outsider);
    const start = push.received.length;
    const preview = 'The adjuster confirmed the ridge cap replacement for Monday';
    await postMessage(owner, preview);

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
    // The server pushes each message as it is stored: the devices are subscribed after a first
    // message, so send-chat-push's answer counts them all before the next message's push runs.
    await pushDone(await postMessage(owner, 'Tarp is coming'));
    const gone = await subscribe(colleague);
    const missing = await subscribe(colleague);
    const alive = await subscribe(third);
    push.markGone(gone.endpoint, 410);
    push.markGone(missing.endpoint, 404);
    const start = push.received.length;
    const response = await sendChatPush(owner, { conversation_id: conversationId, preview: 'Tarp is up' });
    expect(response.body).toEqual({ queued: 3 });
    await postMessage(owner, 'Tarp is up');
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
      endpoints: server.deps.config.pushEndpoints,
    });
    const start = push.received.length;
    const outcome = await service.deliverChatPush({
      companyId: owner.company.id,
      conversationId,
      senderId: owner.company.owner.id,
      preview: 'Shingles delivered',
    });
    expect(outcome).toEqual({ delivered: 1, removed: 0, failed: 1 });
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings[0])).toContain('500');
    expect(push.received.slice(start).map((p) => p.endpoint)).toEqual([fine.endpoint]);
    expect(await rowsOf(failing.endpoint)).toHaveLength(1);
    for (const s of [failing, fine]) await server.db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, s.endpoint));
  });

  it("another company's user and a non-member of the same company get 404, and nothing is queued", async () => {
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

describe('push endpoint addresses', () => {
  /** An endpoint of the local push service (a real subscription id) written with another host. */
  const asHost = (subscription: LocalSubscription, host: string) => subscription.endpoint.replace(new URL(push.origin).host, host);
  const port = () => new URL(push.origin).port;

  it('refuses loopback, private, shared, link-local, metadata, unique-local, unspecified and multicast hosts, in every numeric form, and names that resolve to them', async () => {
    await server.db.delete(pushSubscriptions);
    const local = push.subscribe();
    const refused = [
      // Another name of the listed host, and its address on another port in every numeric spelling.
      asHost(local, `localhost:${port()}`),
      asHost(local, `localhost.:${port()}`),
      'http://0x7f000001:9/push/x',
      'http://2130706433:9/push/x',
      'http://0177.0.0.1:9/push/x',
      'http://127.1:9/push/x',
      'http://[::1]:9/push/x',
      'http://[::ffff:127.0.0.1]:9/push/x',
      'http://127.0.0.2:9/push/x',
      'https://127.0.0.1/push/x',
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.8/push/x',
      'https://172.16.5.4/push/x',
      'https://192.168.1.1/push/x',
      'https://100.64.0.1/push/x',
      'https://[fd00:ec2::254]/push/x',
      'https://[fe80::1]/push/x',
      'https://0.0.0.0/push/x',
      'https://[::]/push/x',
      'https://224.0.0.1/push/x',
      'https://8.8.8.8/push/x',
      'https://push.invalid/push/x',
      'https://user:secret@fcm.googleapis.com/fcm/send/x',
      'ftp://fcm.googleapis.com/fcm/send/x',
    ];
    const before = (await server.db.select().from(pushSubscriptions)).length;
    const answers = await Promise.all(refused.map((endpoint) => colleague.client.post('/api/push/subscriptions', { endpoint, keys: local.keys })));
    answers.forEach((answer, index) => {
      expect(answer.status, `${refused[index]}: ${answer.text}`).toBe(400);
      expectError(answer, 400, 'PUSH_ENDPOINT_REFUSED');
      expect(answer.text).not.toContain('127.0.0.1');
    });
    expect(await server.db.select().from(pushSubscriptions)).toHaveLength(before);
    // The listed host itself is accepted.
    await subscribe(colleague, local);
    await server.db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, local.endpoint));
  });

  it('never connects to a stored endpoint whose host is not listed and is or resolves to loopback: the job drops the subscription', async () => {
    // Rows stored before the rule (or whose name changed its answer since): real subscriptions of the
    // local push service, reached through another spelling of its address.
    await server.db.delete(pushSubscriptions);
    // As above: the devices are stored after a first message, and pushed the next one.
    await pushDone(await postMessage(owner, 'Gutters are on the truck'));
    const viaName = push.subscribe();
    const viaMapped = push.subscribe();
    const listed = push.subscribe();
    const stored = [asHost(viaName, `localhost:${port()}`), asHost(viaMapped, `[::ffff:127.0.0.1]:${port()}`)];
    await server.db.insert(pushSubscriptions).values([
      { endpoint: stored[0] ?? '', p256dh: viaName.keys.p256dh, auth: viaName.keys.auth, profileId: colleague.user.id, userId: colleague.user.id },
      { endpoint: stored[1] ?? '', p256dh: viaMapped.keys.p256dh, auth: viaMapped.keys.auth, profileId: third.user.id, userId: third.user.id },
    ]);
    await subscribe(colleague, listed);
    const start = { received: push.received.length, refused: push.refused.length };
    const response = await sendChatPush(owner, { conversation_id: conversationId, preview: 'Gutters are next' });
    expect(response.body).toEqual({ queued: 3 });
    await postMessage(owner, 'Gutters are next');
    await push.waitFor(start.received + 1);
    await until(async () => (await rowsOf(stored[0] ?? '')).length === 0 && (await rowsOf(stored[1] ?? '')).length === 0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(push.received.slice(start.received).map((p) => p.subscriptionId)).toEqual([listed.endpoint.split('/').pop()]);
    expect(push.refused.length).toBe(start.refused);
    await server.db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, listed.endpoint));
  });
});

describe('an endpoint belongs to its first owner', () => {
  it('another user, of this company or another, cannot take a stored endpoint: 409, and the row is unchanged', async () => {
    await server.db.delete(pushSubscriptions);
    const subscription = await subscribe(colleague);
    const other = push.subscribe().keys;
    for (const user of [third, stranger]) {
      expectError(await user.client.post('/api/push/subscriptions', { endpoint: subscription.endpoint, keys: other }), 409, 'PUSH_ENDPOINT_TAKEN');
    }
    const [row] = await rowsOf(subscription.endpoint);
    expect(row).toMatchObject({ userId: colleague.user.id, profileId: colleague.user.id, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth });
    // The owner renews their own keys as before.
    await subscribe(colleague, { ...subscription, keys: other });
    expect((await rowsOf(subscription.endpoint))[0]).toMatchObject({ userId: colleague.user.id, p256dh: other.p256dh });
    await server.db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, subscription.endpoint));
  });

  it('five users registering one new endpoint at once: exactly one gets it, the others 409', async () => {
    const subscription = push.subscribe();
    const users = [owner, colleague, third, outsider, stranger];
    const answers = await Promise.all(users.map((user) => user.client.post('/api/push/subscriptions', subscription)));
    const winners = answers.flatMap((answer, index) => (answer.status === 204 ? [users[index]] : []));
    expect(winners).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 204)) expectError(answer, 409, 'PUSH_ENDPOINT_TAKEN');
    const rows = await rowsOf(subscription.endpoint);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.userId).toBe(winners[0]?.me.id);
    await server.db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, subscription.endpoint));
  });
});

describe('the chat push preview', () => {
  it("is the sender's newest message in the conversation, never the text the caller sends", async () => {
    await server.db.delete(pushSubscriptions);
    const theirs = await subscribe(colleague);
    const start = push.received.length;
    await postMessage(owner, 'Crew starts at 7 on Elm St');
    const response = await sendChatPush(owner, { conversation_id: conversationId, preview: 'Your account is locked - verify at https://evil.example' });
    expect(response.status, response.text).toBe(202);
    await push.waitFor(start + 1);
    expect(push.received.slice(start).map((p) => p.payload)).toEqual([
      { title: 'Dana Ridge', body: 'Crew starts at 7 on Elm St', conversationId, url: `/messages?conversation=${conversationId}` },
    ]);
    await server.db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, theirs.endpoint));
  });

  it('queues nothing for a member who has sent no message in the conversation', async () => {
    const theirs = await subscribe(colleague);
    const fresh = await conversationOf(owner.company.id, [third.user.id, colleague.user.id]);
    const jobsBefore = await server.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = 'send-chat-push'`);
    expect((await sendChatPush(third, { conversation_id: fresh, preview: 'Click here to keep your account' })).body).toEqual({ queued: 0 });
    const jobsAfter = await server.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = 'send-chat-push'`);
    expect(jobsAfter.rows[0]?.n).toBe(jobsBefore.rows[0]?.n);
    await server.db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, theirs.endpoint));
  });
});
