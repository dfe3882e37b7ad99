import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, Conversation } from '@ridgeline/shared/contracts/chat';
import { FILE_URL_SECONDS, INLINE_MEDIA_URL_SECONDS } from '@ridgeline/shared/domain/chat';
import type { Actor, Tenant } from '../../lib/actor';
import { REALTIME_CHANNEL, type RealtimeEnvelope } from '../../infra/realtime/publish';
import { insertProjectRow, signedInOwner, signedInUser, type TestCompany } from '../../test/factories';
import { uniqueEmail, type SignedUpUser } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';
import { chatCounts, createConversation, expectError, send } from './chat.fixtures';
import { createChatService } from './chat.service';

// Sending: mentions and their inbox notifications (a failure there keeps the message), the realtime
// event to every member, the per-user message limit, and the service the attachments route uses.

const server = useTestServer();
let owner: SignedUpUser & { company: TestCompany };
let bea: SignedUpUser;
let cal: SignedUpUser;
let dee: SignedUpUser;
let outsider: SignedUpUser & { company: TestCompany };

type NotificationRow = { profile_id: string; kind: string; title: string; body: string; link: string | null; actor_id: string | null };

async function notificationsOf(profileId: string): Promise<NotificationRow[]> {
  const result = await server.db.execute<NotificationRow>(
    sql`select profile_id, kind, title, body, link, actor_id from notifications where profile_id = ${profileId} order by created_at`,
  );
  return result.rows;
}

async function mentionRows(messageId: string): Promise<string[]> {
  const result = await server.db.execute<{ id: string }>(
    sql`select mentioned_profile_id as id from message_mentions where message_id = ${messageId} order by 1`,
  );
  return result.rows.map((row) => row.id);
}

beforeAll(async () => {
  owner = await signedInOwner(server, { owner: { firstName: 'Olive', lastName: 'Owner' } });
  bea = await signedInUser(server, { company: owner.company, firstName: 'Bea', lastName: 'Shingle', email: uniqueEmail('bea') });
  cal = await signedInUser(server, { company: owner.company, firstName: 'Cal', lastName: 'Gutter', email: uniqueEmail('cal') });
  dee = await signedInUser(server, { company: owner.company, firstName: 'Dee', lastName: 'Flash', email: uniqueEmail('dee') });
  outsider = await signedInOwner(server, { name: 'Other Roofing' });
});

describe('mentions', () => {
  it('become message_mentions rows and a notification for the mentioned colleague only', async () => {
    const { conversation } = await createConversation(owner.client, [bea.me.id, cal.me.id], 'Mentions');
    const beaBefore = await notificationsOf(bea.me.id);
    const calBefore = await notificationsOf(cal.me.id);
    const message = await send(owner.client, conversation.id, '@Bea Shingle can you check the flashing on the chimney today?', [
      bea.me.id,
      bea.me.id,
      owner.me.id,
    ]);
    expect(message.mentions.sort()).toEqual([bea.me.id, owner.me.id].sort());
    expect(await mentionRows(message.id)).toEqual([bea.me.id, owner.me.id].sort());
    const beaAfter = await notificationsOf(bea.me.id);
    expect(beaAfter).toHaveLength(beaBefore.length + 1);
    expect(beaAfter.at(-1)).toEqual({
      profile_id: bea.me.id,
      kind: 'mention',
      title: 'Olive Owner mentioned you',
      body: '@Bea Shingle can you check the…',
      link: `/messages?conversation=${conversation.id}`,
      actor_id: owner.me.id,
    });
    // Not the sender, not the others.
    expect(await notificationsOf(cal.me.id)).toHaveLength(calBefore.length);
    expect((await notificationsOf(owner.me.id)).filter((row) => row.kind === 'mention')).toHaveLength(0);
  });

  it("ignore people who are not members, another company's users and unknown ids", async () => {
    const { conversation } = await createConversation(owner.client, [bea.me.id, cal.me.id], 'Ignored mentions');
    const before = await chatCounts(server.db);
    const message = await send(owner.client, conversation.id, 'Hello all', [dee.me.id, outsider.me.id, 'nobody-at-all']);
    expect(message.mentions).toEqual([]);
    const after = await chatCounts(server.db);
    expect(after.messages - before.messages).toBe(1);
    expect(after.mentions - before.mentions).toBe(0);
    expect(after.notifications - before.notifications).toBe(0);
  });

  it("in a claim file's thread may name any colleague and link back to the project", async () => {
    const project = await insertProjectRow(server.db, owner.company.id);
    const thread = await owner.client.post<{ conversation: Conversation }>(`/api/chat/projects/${project.id}/conversation`);
    const message = await send(owner.client, thread.body.conversation.id, 'Dee, the adjuster meets us Friday', [dee.me.id, outsider.me.id]);
    expect(message.mentions).toEqual([dee.me.id]);
    expect((await notificationsOf(dee.me.id)).at(-1)).toMatchObject({
      kind: 'mention',
      link: `/projects/${project.id}?tab=messages`,
      title: 'Olive Owner mentioned you',
    });
  });

  it('that fail to be written only log: the message is stored and sent', async () => {
    const { conversation } = await createConversation(cal.client, [bea.me.id, dee.me.id], 'Failing mentions');
    await server.db.execute(
      sql`create or replace function chat_test_refuse_mention() returns trigger language plpgsql as $$ begin raise exception 'mention refused'; end $$`,
    );
    await server.db.execute(
      sql`create trigger chat_test_refuse_mention before insert on message_mentions for each row execute function chat_test_refuse_mention()`,
    );
    try {
      const before = await chatCounts(server.db);
      const response = await cal.client.post<{ message: ChatMessage }>(`/api/chat/conversations/${conversation.id}/messages`, {
        clientId: randomUUID(),
        content: 'Bea, ladder?',
        mentions: [bea.me.id],
      });
      expect(response.status, response.text).toBe(201);
      expect(response.body.message.mentions).toEqual([]);
      const after = await chatCounts(server.db);
      expect(after.messages - before.messages).toBe(1);
      expect(after.mentions - before.mentions).toBe(0);
      expect(after.notifications - before.notifications).toBe(0);
      const shown = await bea.client.get<{ conversation: Conversation }>(`/api/chat/conversations/${conversation.id}`);
      expect(shown.body.conversation.lastMessagePreview).toBe('Bea, ladder?');
    } finally {
      await server.db.execute(sql`drop trigger chat_test_refuse_mention on message_mentions`);
      await server.db.execute(sql`drop function chat_test_refuse_mention()`);
    }
  });
});

describe('realtime', () => {
  let listener: pg.PoolClient;
  const envelopes: RealtimeEnvelope[] = [];

  beforeAll(async () => {
    listener = await server.deps.database.pool.connect();
    listener.on('notification', (notification) => {
      if (notification.channel === REALTIME_CHANNEL && notification.payload) envelopes.push(JSON.parse(notification.payload) as RealtimeEnvelope);
    });
    await listener.query(`listen ${REALTIME_CHANNEL}`);
  });
  afterAll(async () => {
    await listener.query(`unlisten ${REALTIME_CHANNEL}`);
    listener.release();
  });

  async function arrived(match: (envelope: RealtimeEnvelope) => boolean): Promise<RealtimeEnvelope> {
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline) {
      const found = envelopes.find(match);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('no realtime event arrived');
  }

  it('a new message goes to every member, once, and a resend publishes nothing', async () => {
    const { conversation } = await createConversation(owner.client, [bea.me.id, cal.me.id], 'Live');
    const body = { clientId: randomUUID(), content: 'Live one' };
    const response = await bea.client.post<{ message: ChatMessage }>(`/api/chat/conversations/${conversation.id}/messages`, body);
    const message = response.body.message;
    const envelope = await arrived((item) => item.event.type === 'message' && item.event.message.id === message.id);
    expect([...envelope.to].sort()).toEqual([owner.me.id, bea.me.id, cal.me.id].sort());
    expect(envelope.event).toEqual({ type: 'message', message });

    expect((await bea.client.post(`/api/chat/conversations/${conversation.id}/messages`, body)).status).toBe(200);
    const marker = await send(bea.client, conversation.id, 'after the resend');
    await arrived((item) => item.event.type === 'message' && item.event.message.id === marker.id);
    expect(envelopes.filter((item) => item.event.type === 'message' && item.event.message.id === message.id)).toHaveLength(1);
  });

  it('a text too large for NOTIFY goes as a reference with its seq; the message reads back as it was answered', async () => {
    const { conversation } = await createConversation(owner.client, [bea.me.id], 'Long');
    const content = '🏠'.repeat(2500);
    const response = await bea.client.post<{ message: ChatMessage }>(`/api/chat/conversations/${conversation.id}/messages`, {
      clientId: randomUUID(),
      content,
    });
    expect(response.status).toBe(201);
    const message = response.body.message;
    const envelope = await arrived((item) => item.event.type === 'message-ref' && item.event.messageId === message.id);
    expect([...envelope.to].sort()).toEqual([owner.me.id, bea.me.id].sort());
    expect(envelope.event).toEqual({ type: 'message-ref', conversationId: conversation.id, messageId: message.id, seq: message.seq });

    const read = await owner.client.get<{ messages: ChatMessage[] }>(`/api/chat/conversations/${conversation.id}/messages`);
    expect(read.body.messages).toEqual([message]);
    const shown = await owner.client.get<{ conversation: Conversation }>(`/api/chat/conversations/${conversation.id}`);
    expect(shown.body.conversation.lastMessageAt).toBe(message.createdAt);
  });

  it('ids sent in upper case answer as every later read writes them', async () => {
    const { conversation } = await createConversation(owner.client, [bea.me.id], 'Cases');
    const clientId = randomUUID().toUpperCase();
    const response = await bea.client.post<{ message: ChatMessage }>(`/api/chat/conversations/${conversation.id.toUpperCase()}/messages`, {
      clientId,
      content: 'Upper',
    });
    expect(response.status).toBe(201);
    const message = response.body.message;
    expect(message).toMatchObject({ clientId: clientId.toLowerCase(), conversationId: conversation.id });
    const envelope = await arrived((item) => item.event.type === 'message' && item.event.message.id === message.id);
    expect(envelope.event).toEqual({ type: 'message', message });
    const read = await owner.client.get<{ messages: ChatMessage[] }>(`/api/chat/conversations/${conversation.id}/messages`);
    expect(read.body.messages).toEqual([message]);
  });

  it('a new membership tells the added colleague', async () => {
    const { conversation } = await createConversation(owner.client, [bea.me.id, cal.me.id], 'Joining');
    const created = await arrived((item) => item.event.type === 'membership' && item.event.conversationId === conversation.id);
    expect([...created.to].sort()).toEqual([owner.me.id, bea.me.id, cal.me.id].sort());
    await owner.client.post(`/api/chat/conversations/${conversation.id}/members`, { profileId: dee.me.id });
    const added = await arrived((item) => item.event.type === 'membership' && item.event.conversationId === conversation.id && item.to.includes(dee.me.id));
    expect(added.to).toEqual([dee.me.id]);
  });

  it('a mention publishes the notification to the mentioned colleague', async () => {
    const { conversation } = await createConversation(owner.client, [cal.me.id]);
    await send(owner.client, conversation.id, 'Cal, call me', [cal.me.id]);
    const envelope = await arrived(
      (item) => item.event.type === 'notification' && item.to.includes(cal.me.id) && item.event.notification.body === 'Cal, call me',
    );
    expect(envelope.to).toEqual([cal.me.id]);
  });
});

describe('the message limit', () => {
  const limited = useTestServer({ CHAT_MESSAGE_LIMIT: '3' });

  it('answers 429 beyond CHAT_MESSAGE_LIMIT per user per minute, and writes nothing', async () => {
    const sender = await signedInOwner(limited);
    const colleague = await signedInUser(limited, { company: sender.company, email: uniqueEmail('colleague') });
    const { conversation } = await createConversation(sender.client, [colleague.me.id]);
    for (let index = 0; index < 3; index += 1) await send(sender.client, conversation.id, `message ${index}`);
    const before = await chatCounts(limited.db);
    const refused = await sender.client.post(`/api/chat/conversations/${conversation.id}/messages`, { clientId: randomUUID(), content: 'one too many' });
    expectError(refused, 429, 'RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await chatCounts(limited.db)).toEqual(before);
    // Counted per user: the colleague still sends.
    await send(colleague.client, conversation.id, 'my turn');
  });
});

describe('the service the attachments route uses', () => {
  const actorOf = (user: SignedUpUser): Actor => ({ userId: user.me.id, email: user.email, role: 'contractor', sessionId: 'test', impersonatedBy: null });
  const tenantOf = (companyId: string): Tenant => ({ companyId, role: 'member' });

  it('posts an attachment message with its row, type from the file, and signed URLs by kind', async () => {
    const chat = createChatService({ db: server.db, storage: server.deps.storage, logger: server.deps.logger, events: server.deps.events });
    const { conversation } = await createConversation(owner.client, [bea.me.id, cal.me.id], 'Files');
    const beaActor = actorOf(bea);
    const tenant = tenantOf(owner.company.id);
    const photo = await chat.postMessage(beaActor, tenant, conversation.id, {
      clientId: randomUUID(),
      content: '',
      mentions: [],
      attachment: { objectPath: `${conversation.id}/${bea.me.id}/1-roof.jpg`, fileName: 'roof.jpg', fileType: 'image/jpeg', fileSize: 1234 },
    });
    expect(photo.created).toBe(true);
    expect(photo.message).toMatchObject({ messageType: 'image', content: '', attachments: [{ fileName: 'roof.jpg', fileType: 'image/jpeg', fileSize: 1234 }] });
    const image = photo.message.attachments[0];
    expect(image?.url).toContain('/api/storage/chat-attachments/');
    expect(Date.parse(image?.urlExpiresAt ?? '') - Date.now()).toBeLessThanOrEqual(INLINE_MEDIA_URL_SECONDS * 1000);
    expect(Date.parse(image?.urlExpiresAt ?? '') - Date.now()).toBeGreaterThan((INLINE_MEDIA_URL_SECONDS - 5) * 1000);

    const pdf = await chat.postMessage(beaActor, tenant, conversation.id, {
      clientId: randomUUID(),
      content: 'The estimate',
      mentions: [],
      attachment: { objectPath: `${conversation.id}/${bea.me.id}/2-estimate.pdf`, fileName: 'estimate.pdf', fileType: 'application/pdf', fileSize: 99 },
    });
    expect(pdf.message.messageType).toBe('file');
    expect(Date.parse(pdf.message.attachments[0]?.urlExpiresAt ?? '') - Date.now()).toBeGreaterThan((FILE_URL_SECONDS - 5) * 1000);

    // The list previews an attachment by its caption, or its file name without one.
    const list = await owner.client.get<{ conversations: Conversation[] }>('/api/chat/conversations');
    expect(list.body.conversations.find((item) => item.id === conversation.id)?.lastMessagePreview).toBe('The estimate');
    await chat.postMessage(beaActor, tenant, conversation.id, {
      clientId: randomUUID(),
      content: '',
      mentions: [],
      attachment: { objectPath: `${conversation.id}/${bea.me.id}/3-memo.m4a`, fileName: 'voice-note.webm', fileType: 'audio/webm', fileSize: 10 },
    });
    const again = await owner.client.get<{ conversations: Conversation[] }>('/api/chat/conversations');
    expect(again.body.conversations.find((item) => item.id === conversation.id)?.lastMessagePreview).toBe('voice-note.webm');

    // Members read the attachment's object; a colleague who is not a member and another company get 404.
    const attachmentId = image?.id ?? '';
    await expect(chat.attachmentForMember(actorOf(cal), tenant, attachmentId)).resolves.toEqual({
      objectPath: `${conversation.id}/${bea.me.id}/1-roof.jpg`,
      fileType: 'image/jpeg',
    });
    await expect(chat.attachmentForMember(actorOf(dee), tenant, attachmentId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(chat.attachmentForMember(actorOf(outsider), tenantOf(outsider.company.id), attachmentId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(chat.attachmentForMember(actorOf(bea), tenantOf(outsider.company.id), attachmentId)).rejects.toMatchObject({ code: 'NOT_FOUND' });

    // An upload sent again finds the stored message by its client id before storing anything.
    await expect(chat.sentMessage(beaActor, tenant, conversation.id, photo.message.clientId ?? '')).resolves.toMatchObject({
      id: photo.message.id,
      seq: photo.message.seq,
      attachments: [{ id: image?.id }],
    });
    await expect(chat.sentMessage(beaActor, tenant, conversation.id, randomUUID())).resolves.toBeNull();
    await expect(chat.sentMessage(actorOf(cal), tenant, conversation.id, photo.message.clientId ?? '')).resolves.toBeNull();
    await expect(chat.sentMessage(actorOf(dee), tenant, conversation.id, photo.message.clientId ?? '')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const resent = await chat.postMessage(beaActor, tenant, conversation.id, {
      clientId: photo.message.clientId ?? '',
      content: '',
      mentions: [],
      attachment: { objectPath: `${conversation.id}/${bea.me.id}/9-roof.jpg`, fileName: 'roof.jpg', fileType: 'image/jpeg', fileSize: 1234 },
    });
    expect(resent.created).toBe(false);
    expect(resent.message.attachments.map((attachment) => attachment.id)).toEqual([attachmentId]);

    await expect(chat.requireMember(actorOf(cal), tenant, conversation.id)).resolves.toBeUndefined();
    await expect(chat.requireMember(actorOf(dee), tenant, conversation.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(chat.requireMember(actorOf(outsider), tenantOf(outsider.company.id), conversation.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses a text message without text, and a non-member, writing nothing', async () => {
    const chat = createChatService({ db: server.db, storage: server.deps.storage, logger: server.deps.logger, events: server.deps.events });
    const { conversation } = await createConversation(owner.client, [bea.me.id]);
    const before = await chatCounts(server.db);
    await expect(
      chat.postMessage(actorOf(bea), tenantOf(owner.company.id), conversation.id, { clientId: randomUUID(), content: '   ', mentions: [] }),
    ).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    await expect(
      chat.postMessage(actorOf(dee), tenantOf(owner.company.id), conversation.id, {
        clientId: randomUUID(),
        content: '',
        mentions: [],
        attachment: { objectPath: 'x/y/z.jpg', fileName: 'z.jpg', fileType: 'image/jpeg', fileSize: 1 },
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await chatCounts(server.db)).toEqual(before);
  });
});
