import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@ridgeline/shared/contracts/chat';
import { conversationMembers, conversations, messages, notifications, pushSubscriptions } from '../../infra/db/schema/index';
import { signedInOwner, signedInUser } from '../../test/factories';
import type { LocalSubscription } from '../../test/push-service';
import type { SignedUpUser } from '../../test/test-server';
import { useTestServerWithPush } from '../../test/use-test-server';

// What follows a chat message happens on the server: once a message is stored, its push to the
// other members' devices (and the mentioned colleagues' inbox entries) come from the server, once
// per message, whatever the browser does next: it may close the tab, send the message again with
// its client id (the offline outbox after a lost answer), or call the old send-chat-push.

const { server, push } = useTestServerWithPush();
let owner: Awaited<ReturnType<typeof signedInOwner>>;
let colleague: SignedUpUser & { user: { id: string } };
let third: SignedUpUser & { user: { id: string } };
let stranger: Awaited<ReturnType<typeof signedInOwner>>;
let conversationId: string;
let devices: { colleague: LocalSubscription; third: LocalSubscription; owner: LocalSubscription; stranger: LocalSubscription };

beforeAll(async () => {
  owner = await signedInOwner(server, { name: 'Alpha Roofing', owner: { firstName: 'Dana', lastName: 'Ridge' } });
  colleague = await signedInUser(server, { company: owner.company, firstName: 'Casey', lastName: 'Eave' });
  third = await signedInUser(server, { company: owner.company, firstName: 'Jordan', lastName: 'Gable' });
  stranger = await signedInOwner(server, { name: 'Bravo Siding' });
  const [row] = await server.db
    .insert(conversations)
    .values({ companyId: owner.company.id, isGroup: true, name: 'Crew', createdBy: owner.me.id })
    .returning({ id: conversations.id });
  if (!row) throw new Error('no conversation');
  conversationId = row.id;
  await server.db.insert(conversationMembers).values([owner.me.id, colleague.user.id, third.user.id].map((profileId) => ({ conversationId, profileId })));
  devices = { colleague: await subscribe(colleague), third: await subscribe(third), owner: await subscribe(owner), stranger: await subscribe(stranger) };
});

async function subscribe(user: SignedUpUser): Promise<LocalSubscription> {
  const subscription = push.subscribe();
  const response = await user.client.post('/api/push/subscriptions', subscription);
  expect(response.status, response.text).toBe(204);
  return subscription;
}

/** Every push job of the server has run (or none was queued). */
async function pushesSettled(): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const waiting = await server.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'chat-message-posted--push' and state not in ('completed', 'failed', 'cancelled')`,
    );
    if (waiting.rows[0]?.n === 0) return;
    if (Date.now() > deadline) throw new Error('the push jobs did not finish');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The pushes received since `start`, by device. */
function pushesSince(start: number) {
  const got = push.received.slice(start);
  const to = (device: LocalSubscription) => got.filter((received) => received.endpoint === device.endpoint);
  return { all: got, colleague: to(devices.colleague), third: to(devices.third), owner: to(devices.owner), stranger: to(devices.stranger) };
}

async function post(user: SignedUpUser, body: { clientId: string; content: string; mentions?: string[] }) {
  return user.client.post<{ message: ChatMessage }>(`/api/chat/conversations/${conversationId}/messages`, body);
}

let start = 0;
beforeEach(async () => {
  await pushesSettled();
  start = push.received.length;
});

describe('a chat message is pushed by the server', () => {
  it('once it is stored, with no request from the browser after the send: to the other members only, once each', async () => {
    const sent = await post(owner, { clientId: randomUUID(), content: 'The adjuster confirmed the ridge cap replacement for Monday' });
    expect(sent.status, sent.text).toBe(201);
    await push.waitFor(start + 2);
    await pushesSettled();
    const got = pushesSince(start);
    expect(got.colleague).toHaveLength(1);
    expect(got.third).toHaveLength(1);
    expect(got.owner).toEqual([]);
    expect(got.stranger).toEqual([]);
    expect(got.colleague[0]?.payload).toEqual({
      title: 'Dana Ridge',
      body: 'The adjuster confirmed the rid…',
      conversationId,
      url: `/messages?conversation=${conversationId}`,
    });
  });

  it('the offline outbox sending a message again with its client id pushes nothing more, and neither does the old send-chat-push', async () => {
    const clientId = randomUUID();
    const first = await post(colleague, { clientId, content: 'Tarp is on the north slope' });
    expect(first.status, first.text).toBe(201);
    await push.waitFor(start + 2);
    const again = await Promise.all([
      post(colleague, { clientId, content: 'Tarp is on the north slope' }),
      post(colleague, { clientId, content: 'Tarp is on the north slope' }),
    ]);
    for (const answer of again) {
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.message.id).toBe(first.body.message.id);
    }
    const old = await colleague.client.post<{ queued: number }>('/api/functions/send-chat-push', {
      conversation_id: conversationId,
      preview: 'Tarp is on the north slope',
    });
    expect(old.status, old.text).toBe(202);
    expect(old.body).toEqual({ queued: 2 });
    await pushesSettled();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const got = pushesSince(start);
    expect(got.owner).toHaveLength(1);
    expect(got.third).toHaveLength(1);
    expect(got.all).toHaveLength(2);
  });

  it('a message whose announcement was lost (stored, then the process stopped) is pushed once when the outbox sends it again', async () => {
    // The row as a send that committed and never announced leaves it.
    const clientId = randomUUID();
    const [stored] = await server.db
      .insert(messages)
      .values({ conversationId, senderId: third.user.id, content: 'Dumpster arrives at 9', messageType: 'text', clientId })
      .returning({ id: messages.id });
    const again = await post(third, { clientId, content: 'Dumpster arrives at 9' });
    expect(again.status, again.text).toBe(200);
    expect(again.body.message.id).toBe(stored?.id);
    await push.waitFor(start + 2);
    await post(third, { clientId, content: 'Dumpster arrives at 9' });
    await pushesSettled();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const got = pushesSince(start);
    expect(got.owner.map((received) => received.payload)).toEqual([
      { title: 'Jordan Gable', body: 'Dumpster arrives at 9', conversationId, url: `/messages?conversation=${conversationId}` },
    ]);
    expect(got.colleague).toHaveLength(1);
    expect(got.all).toHaveLength(2);
  });

  it('a message with a mention: the mentioned colleague gets one inbox entry and every other member one push, sent again or not', async () => {
    const clientId = randomUUID();
    const body = { clientId, content: '@Casey can you check the flashing?', mentions: [colleague.user.id] };
    const first = await post(owner, body);
    expect(first.status, first.text).toBe(201);
    expect(first.body.message.mentions).toEqual([colleague.user.id]);
    expect((await post(owner, body)).status).toBe(200);
    await push.waitFor(start + 2);
    await pushesSettled();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const got = pushesSince(start);
    expect(got.colleague).toHaveLength(1);
    expect(got.third).toHaveLength(1);
    expect(got.all).toHaveLength(2);
    const inbox = await server.db
      .select({ title: notifications.title, link: notifications.link })
      .from(notifications)
      .where(and(eq(notifications.profileId, colleague.user.id), eq(notifications.kind, 'mention')));
    expect(inbox).toEqual([{ title: 'Dana Ridge mentioned you', link: `/messages?conversation=${conversationId}` }]);
  });

  it("another company's user cannot post in the conversation: 404, nothing stored, nobody pushed", async () => {
    const refused = await post(stranger, { clientId: randomUUID(), content: 'Cheap roofs, call now' });
    expect(refused.status, refused.text).toBe(404);
    expect(refused.body).toMatchObject({ error: { code: 'NOT_FOUND', requestId: expect.any(String) } });
    await pushesSettled();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pushesSince(start).all).toEqual([]);
    const theirs = await server.db.select().from(messages).where(eq(messages.content, 'Cheap roofs, call now'));
    expect(theirs).toEqual([]);
  });
});

describe('subscriptions', () => {
  it('a device of a user of another company is never pushed a message of this one', async () => {
    const rows = await server.db
      .select({ profileId: pushSubscriptions.profileId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, devices.stranger.endpoint));
    expect(rows).toEqual([{ profileId: stranger.me.id }]);
    expect(push.received.filter((received) => received.endpoint === devices.stranger.endpoint)).toEqual([]);
  });
});
