import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChatColleague, ChatMessage, Conversation, CreateConversationResponse, MessagesResponse, SyncResponse } from '@ridgeline/shared/contracts/chat';
import { DEFAULT_GROUP_NAME, GROUP_NAME_MESSAGE, projectThreadName, SELECT_MEMBERS_MESSAGE } from '@ridgeline/shared/domain/chat';
import { insertProjectRow, signedInOwner, signedInUser, type TestCompany } from '../../test/factories';
import { uniqueEmail, type SignedUpUser } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';
import { chatCounts, createConversation, expectError, find, listed, send } from './chat.fixtures';

const server = useTestServer();
let owner: SignedUpUser & { company: TestCompany };
let bea: SignedUpUser;
let cal: SignedUpUser;
let dee: SignedUpUser;
let outsider: SignedUpUser & { company: TestCompany };

beforeAll(async () => {
  owner = await signedInOwner(server, { owner: { firstName: 'Olive', lastName: 'Owner' } });
  bea = await signedInUser(server, { company: owner.company, firstName: 'Bea', lastName: 'Shingle', email: uniqueEmail('bea') });
  cal = await signedInUser(server, { company: owner.company, firstName: 'Cal', lastName: 'Gutter', email: uniqueEmail('cal') });
  dee = await signedInUser(server, { company: owner.company, firstName: 'Dee', lastName: 'Flash', email: uniqueEmail('dee') });
  outsider = await signedInOwner(server, { name: 'Other Roofing', owner: { firstName: 'Xavi', lastName: 'Outside' } });
});

describe('colleagues', () => {
  it('lists the people of my company by first name, without me', async () => {
    const response = await owner.client.get<{ colleagues: ChatColleague[] }>('/api/chat/colleagues');
    expect(response.status).toBe(200);
    expect(response.body.colleagues.map((person) => person.name)).toEqual(['Bea Shingle', 'Cal Gutter', 'Dee Flash']);
    expect(response.body.colleagues[0]).toEqual({
      id: bea.me.id,
      name: 'Bea Shingle',
      firstName: 'Bea',
      lastName: 'Shingle',
      email: bea.email,
      avatarUrl: null,
    });
    const other = await outsider.client.get<{ colleagues: ChatColleague[] }>('/api/chat/colleagues');
    expect(other.body.colleagues).toEqual([]);
  });

  it('needs a company', async () => {
    const loner = await signedInUser(server, { email: uniqueEmail('loner') });
    expect((await loner.client.get('/api/chat/colleagues')).status).toBe(403);
    expect((await loner.client.get('/api/chat/conversations')).status).toBe(403);
  });
});

describe('direct messages', () => {
  it('are unique per pair: the second create answers the first with created false', async () => {
    const first = await owner.client.post<CreateConversationResponse>('/api/chat/conversations', { memberIds: [cal.me.id] });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ kind: 'dm', created: true, conversation: { isGroup: false, name: null, title: 'Cal Gutter', projectId: null } });
    expect(first.body.conversation.members.map((member) => member.id).sort()).toEqual([owner.me.id, cal.me.id].sort());
    const again = await cal.client.post<CreateConversationResponse>('/api/chat/conversations', { memberIds: [owner.me.id] });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ kind: 'dm', created: false, conversation: { id: first.body.conversation.id, title: 'Olive Owner' } });
  });

  it('two concurrent creates give one conversation', async () => {
    const before = await chatCounts(server.db);
    const results = await Promise.all([
      owner.client.post<CreateConversationResponse>('/api/chat/conversations', { memberIds: [dee.me.id] }),
      dee.client.post<CreateConversationResponse>('/api/chat/conversations', { memberIds: [owner.me.id] }),
      owner.client.post<CreateConversationResponse>('/api/chat/conversations', { memberIds: [dee.me.id] }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(results.map((result) => result.body.conversation.id)).size).toBe(1);
    const after = await chatCounts(server.db);
    expect(after.conversations - before.conversations).toBe(1);
    expect(after.members - before.members).toBe(2);
  });

  it('cannot change members and refuses to remove yourself', async () => {
    const { conversation } = await createConversation(owner.client, [bea.me.id]);
    expectError(await owner.client.post(`/api/chat/conversations/${conversation.id}/members`, { profileId: cal.me.id }), 400, 'VALIDATION_ERROR');
    expectError(await owner.client.delete(`/api/chat/conversations/${conversation.id}/members/${bea.me.id}`), 400, 'VALIDATION_ERROR');
    expectError(await owner.client.delete(`/api/chat/conversations/${conversation.id}/members/${owner.me.id}`), 400, 'CANNOT_REMOVE_SELF_FROM_CONVERSATION');
  });
});

describe('groups', () => {
  it('need a name; nobody selected is refused; nothing is written', async () => {
    const before = await chatCounts(server.db);
    expectError(await owner.client.post('/api/chat/conversations', { memberIds: [bea.me.id, cal.me.id] }), 400, 'VALIDATION_ERROR', GROUP_NAME_MESSAGE);
    expectError(
      await owner.client.post('/api/chat/conversations', { memberIds: [bea.me.id, cal.me.id], name: '   ' }),
      400,
      'VALIDATION_ERROR',
      GROUP_NAME_MESSAGE,
    );
    expectError(await owner.client.post('/api/chat/conversations', { memberIds: [] }), 400, 'VALIDATION_ERROR', SELECT_MEMBERS_MESSAGE);
    expectError(await owner.client.post('/api/chat/conversations', { memberIds: [owner.me.id] }), 400, 'VALIDATION_ERROR', SELECT_MEMBERS_MESSAGE);
    expectError(await owner.client.post('/api/chat/conversations', { memberIds: [bea.me.id, cal.me.id], name: 'project:abc' }), 400, 'VALIDATION_ERROR');
    expect(await chatCounts(server.db)).toEqual(before);
  });

  it('take colleagues of the company only: another company user is refused and nothing is written', async () => {
    const before = await chatCounts(server.db);
    expectError(await owner.client.post('/api/chat/conversations', { memberIds: [bea.me.id, outsider.me.id], name: 'Crew' }), 400, 'NOT_A_COLLEAGUE');
    expectError(await owner.client.post('/api/chat/conversations', { memberIds: [outsider.me.id] }), 400, 'NOT_A_COLLEAGUE');
    expectError(await owner.client.post('/api/chat/conversations', { memberIds: ['no-such-user'] }), 400, 'NOT_A_COLLEAGUE');
    expect(await chatCounts(server.db)).toEqual(before);
  });

  it('hold the creator and the members; members are added and removed, never yourself', async () => {
    const created = await owner.client.post<CreateConversationResponse>('/api/chat/conversations', { memberIds: [bea.me.id, cal.me.id], name: ' Roof crew ' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      kind: 'group',
      created: true,
      conversation: { isGroup: true, name: 'Roof crew', title: 'Roof crew', createdBy: owner.me.id },
    });
    const id = created.body.conversation.id;
    expect(created.body.conversation.members.map((member) => member.id).sort()).toEqual([owner.me.id, bea.me.id, cal.me.id].sort());

    expect((await dee.client.get(`/api/chat/conversations/${id}`)).status).toBe(404);
    const added = await bea.client.post<{ conversation: Conversation }>(`/api/chat/conversations/${id}/members`, { profileId: dee.me.id });
    expect(added.status).toBe(200);
    expect(added.body.conversation.members.map((member) => member.id)).toContain(dee.me.id);
    expect((await dee.client.get(`/api/chat/conversations/${id}`)).status).toBe(200);
    // Adding again changes nothing.
    const twice = await bea.client.post<{ conversation: Conversation }>(`/api/chat/conversations/${id}/members`, { profileId: dee.me.id });
    expect(twice.body.conversation.members).toHaveLength(4);

    expectError(await bea.client.post(`/api/chat/conversations/${id}/members`, { profileId: outsider.me.id }), 400, 'NOT_A_COLLEAGUE');
    expectError(await bea.client.delete(`/api/chat/conversations/${id}/members/${bea.me.id}`), 400, 'CANNOT_REMOVE_SELF_FROM_CONVERSATION');

    const removed = await bea.client.delete<{ conversation: Conversation }>(`/api/chat/conversations/${id}/members/${dee.me.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.conversation.members.map((member) => member.id)).not.toContain(dee.me.id);
    expect((await dee.client.get(`/api/chat/conversations/${id}`)).status).toBe(404);
    expectError(await bea.client.delete(`/api/chat/conversations/${id}/members/${dee.me.id}`), 404, 'NOT_FOUND');
  });

  it("one named with spaces only in the database shows as 'Group Chat'", async () => {
    const { conversation } = await createConversation(owner.client, [bea.me.id, cal.me.id], 'Temporary');
    await server.db.execute(sql`update conversations set name = '' where id = ${conversation.id}`);
    const shown = await owner.client.get<{ conversation: Conversation }>(`/api/chat/conversations/${conversation.id}`);
    expect(shown.body.conversation.title).toBe(DEFAULT_GROUP_NAME);
  });
});

describe('the list', () => {
  it('archive hides a conversation for every member, restore shows it again', async () => {
    const { conversation } = await createConversation(owner.client, [bea.me.id, dee.me.id], 'Archive me');
    expect(find(await listed(bea.client), conversation.id)).toBeDefined();
    const archived = await bea.client.post<{ conversation: Conversation }>(`/api/chat/conversations/${conversation.id}/archive`);
    expect(archived.status).toBe(200);
    expect(archived.body.conversation.archived).toBe(true);
    expect(find(await listed(bea.client), conversation.id)).toBeUndefined();
    expect(find(await listed(owner.client), conversation.id)).toBeUndefined();
    // Still readable by its members, and still open to new messages.
    expect((await owner.client.get(`/api/chat/conversations/${conversation.id}`)).status).toBe(200);
    await send(owner.client, conversation.id, 'Still here');
    const restored = await owner.client.post<{ conversation: Conversation }>(`/api/chat/conversations/${conversation.id}/restore`);
    expect(restored.body.conversation.archived).toBe(false);
    expect(find(await listed(bea.client), conversation.id)).toBeDefined();
  });

  it('sorts by last message, newest first, with the preview cut at 30 characters', async () => {
    const a = await createConversation(cal.client, [bea.me.id, dee.me.id], 'Sort A');
    const b = await createConversation(cal.client, [bea.me.id, owner.me.id], 'Sort B');
    await send(cal.client, b.conversation.id, 'first');
    await send(cal.client, a.conversation.id, 'The shingles on the north slope are lifting at the ridge');
    const list = await listed(cal.client);
    const ids = list.conversations.map((conversation) => conversation.id);
    expect(ids.indexOf(a.conversation.id)).toBeLessThan(ids.indexOf(b.conversation.id));
    expect(find(list, a.conversation.id)?.lastMessagePreview).toBe('The shingles on the north slop…');
    expect(find(list, b.conversation.id)?.lastMessagePreview).toBe('first');
    const times = list.conversations.map((conversation) => Date.parse(conversation.lastMessageAt ?? conversation.createdAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    // One without messages yet sits by when it was created: a new group comes first.
    const fresh = await createConversation(cal.client, [dee.me.id, owner.me.id], 'Sort C');
    expect((await listed(cal.client)).conversations[0]?.id).toBe(fresh.conversation.id);
  });

  it('counts unread messages of others after my last read, totals them, and reading clears them', async () => {
    const reader = await signedInUser(server, { company: owner.company, firstName: 'Rae', lastName: 'Reader', email: uniqueEmail('rae') });
    const group = await createConversation(owner.client, [reader.me.id, bea.me.id], 'Unread');
    const dm = await createConversation(bea.client, [reader.me.id]);
    await send(owner.client, group.conversation.id, 'one');
    await send(bea.client, group.conversation.id, 'two');
    await send(reader.client, group.conversation.id, 'my own');
    await send(bea.client, dm.conversation.id, 'three');
    let list = await listed(reader.client);
    expect(find(list, group.conversation.id)?.unreadCount).toBe(2);
    expect(find(list, dm.conversation.id)?.unreadCount).toBe(1);
    expect(list.totalUnread).toBe(3);

    const read = await reader.client.post<{ lastReadAt: string }>(`/api/chat/conversations/${group.conversation.id}/read`);
    expect(read.status).toBe(200);
    expect(Date.parse(read.body.lastReadAt)).toBeGreaterThan(Date.now() - 60_000);
    list = await listed(reader.client);
    expect(find(list, group.conversation.id)?.unreadCount).toBe(0);
    expect(list.totalUnread).toBe(1);

    await send(owner.client, group.conversation.id, 'four');
    list = await listed(reader.client);
    expect(find(list, group.conversation.id)?.unreadCount).toBe(1);
    expect(list.totalUnread).toBe(2);
    // Archived and claim-file threads do not count in the badge.
    await reader.client.post(`/api/chat/conversations/${dm.conversation.id}/archive`);
    expect((await listed(reader.client)).totalUnread).toBe(1);
  });
});

describe('claim-file threads', () => {
  it('are made once per project, join whoever opens them, and stay out of the list', async () => {
    const project = await insertProjectRow(server.db, owner.company.id);
    const before = await chatCounts(server.db);
    const first = await owner.client.post<{ conversation: Conversation }>(`/api/chat/projects/${project.id}/conversation`);
    expect(first.status).toBe(200);
    expect(first.body.conversation).toMatchObject({ name: projectThreadName(project.id), projectId: project.id, isGroup: true });
    const [second, third] = await Promise.all([
      bea.client.post<{ conversation: Conversation }>(`/api/chat/projects/${project.id}/conversation`),
      bea.client.post<{ conversation: Conversation }>(`/api/chat/projects/${project.id}/conversation`),
    ]);
    expect(second.body.conversation.id).toBe(first.body.conversation.id);
    expect(third.body.conversation.id).toBe(first.body.conversation.id);
    expect(second.body.conversation.members.map((member) => member.id).sort()).toEqual([owner.me.id, bea.me.id].sort());
    const after = await chatCounts(server.db);
    expect(after.conversations - before.conversations).toBe(1);
    expect(after.members - before.members).toBe(2);

    await send(bea.client, first.body.conversation.id, 'Photos are up');
    expect(find(await listed(owner.client), first.body.conversation.id)).toBeUndefined();
    const list = await listed(owner.client);
    expect(list.conversations.some((conversation) => conversation.projectId !== null)).toBe(false);
  });

  it("of another company's project, or of none, answer 404", async () => {
    const foreign = await insertProjectRow(server.db, outsider.company.id);
    const before = await chatCounts(server.db);
    expectError(await owner.client.post(`/api/chat/projects/${foreign.id}/conversation`), 404, 'NOT_FOUND');
    expectError(await owner.client.post(`/api/chat/projects/${randomUUID()}/conversation`), 404, 'NOT_FOUND');
    expectError(await owner.client.post('/api/chat/projects/not-a-uuid/conversation'), 400, 'VALIDATION_ERROR');
    expect(await chatCounts(server.db)).toEqual(before);
  });
});

describe('messages', () => {
  let conversationId: string;

  beforeAll(async () => {
    conversationId = (await createConversation(owner.client, [bea.me.id, cal.me.id], 'Paging')).conversation.id;
    // 205 messages straight into the table, in seq order.
    await server.db.execute(sql`insert into messages (conversation_id, sender_id, content)
      select ${conversationId}, ${bea.me.id}, 'message ' || n from generate_series(1, 205) n order by n`);
  });

  it('answer the latest 200 oldest first, and load earlier pages back by seq', async () => {
    const latest = await owner.client.get<MessagesResponse>(`/api/chat/conversations/${conversationId}/messages`);
    expect(latest.status).toBe(200);
    expect(latest.body.messages).toHaveLength(200);
    expect(latest.body.hasEarlier).toBe(true);
    expect(latest.body.messages[0]?.content).toBe('message 6');
    expect(latest.body.messages.at(-1)?.content).toBe('message 205');
    expect(latest.body.messages[0]).toMatchObject({
      senderId: bea.me.id,
      senderName: 'Bea Shingle',
      messageType: 'text',
      attachments: [],
      mentions: [],
      clientId: null,
    });
    const seqs = latest.body.messages.map((message) => message.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));

    const earlier = await owner.client.get<MessagesResponse>(`/api/chat/conversations/${conversationId}/messages?before=${seqs[0]}`);
    expect(earlier.body.messages.map((message) => message.content)).toEqual(['message 1', 'message 2', 'message 3', 'message 4', 'message 5']);
    expect(earlier.body.hasEarlier).toBe(false);

    const small = await owner.client.get<MessagesResponse>(`/api/chat/conversations/${conversationId}/messages?limit=3`);
    expect(small.body.messages.map((message) => message.content)).toEqual(['message 203', 'message 204', 'message 205']);
    expect(small.body.hasEarlier).toBe(true);
  });

  it('answer what came after a seq, oldest first', async () => {
    const latest = await owner.client.get<MessagesResponse>(`/api/chat/conversations/${conversationId}/messages?limit=2`);
    const seq = latest.body.messages[0]?.seq ?? 0;
    const after = await owner.client.get<MessagesResponse>(`/api/chat/conversations/${conversationId}/messages?after=${seq}`);
    expect(after.body.messages.map((message) => message.content)).toEqual(['message 205']);
    expect(after.body.hasEarlier).toBe(true);
  });

  it('are stored once per client id: the same body again answers the stored message with 200', async () => {
    const before = await chatCounts(server.db);
    const body = { clientId: randomUUID(), content: '  Ladder is on the truck  ' };
    const first = await cal.client.post<{ message: ChatMessage }>(`/api/chat/conversations/${conversationId}/messages`, body);
    expect(first.status).toBe(201);
    expect(first.body.message).toMatchObject({
      content: 'Ladder is on the truck',
      clientId: body.clientId,
      senderId: cal.me.id,
      senderName: 'Cal Gutter',
      conversationId,
    });
    const second = await cal.client.post<{ message: ChatMessage }>(`/api/chat/conversations/${conversationId}/messages`, body);
    expect(second.status).toBe(200);
    expect(second.body.message).toEqual(first.body.message);
    const after = await chatCounts(server.db);
    expect(after.messages - before.messages).toBe(1);
    // Sent twice at once (a flaky network's retry), it is still stored once.
    const racing = { clientId: randomUUID(), content: 'Twice at once' };
    const raced = await Promise.all(
      [1, 2, 3].map(() => cal.client.post<{ message: ChatMessage }>(`/api/chat/conversations/${conversationId}/messages`, racing)),
    );
    expect(raced.map((response) => response.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(raced.map((response) => response.body.message.id)).size).toBe(1);
    expect((await chatCounts(server.db)).messages - before.messages).toBe(2);
    // Another sender may use the same client id: it is the sender's id for the message.
    const other = await bea.client.post<{ message: ChatMessage }>(`/api/chat/conversations/${conversationId}/messages`, body);
    expect(other.status).toBe(201);
    expect(other.body.message.id).not.toBe(first.body.message.id);
    // The same id for another conversation is a conflict, not a silent answer.
    const dm = await createConversation(cal.client, [bea.me.id]);
    expectError(await cal.client.post(`/api/chat/conversations/${dm.conversation.id}/messages`, body), 409, 'CONFLICT');
  });

  it("set the conversation's last message time", async () => {
    const { conversation } = await createConversation(dee.client, [cal.me.id, bea.me.id], 'Timing');
    expect(conversation.lastMessageAt).toBeNull();
    const message = await send(dee.client, conversation.id, 'now');
    const shown = await dee.client.get<{ conversation: Conversation }>(`/api/chat/conversations/${conversation.id}`);
    expect(shown.body.conversation.lastMessageAt).toBe(message.createdAt);
    expect(shown.body.conversation.lastMessagePreview).toBe('now');
  });

  it('refuse bad input with 400 and write nothing', async () => {
    const before = await chatCounts(server.db);
    const url = `/api/chat/conversations/${conversationId}/messages`;
    const clientId = randomUUID();
    for (const body of [
      { clientId, content: '' },
      { clientId, content: '    \n  ' },
      { clientId, content: 'bell \u0007 here' },
      { clientId, content: 'x'.repeat(4001) },
      { clientId: 'not-a-uuid', content: 'hello' },
      { content: 'hello' },
      { clientId, content: 'hello', mentions: 'everyone' },
      { clientId, content: 42 },
    ]) {
      expectError(await owner.client.post(url, body), 400, 'VALIDATION_ERROR');
    }
    expectError(await owner.client.post(url, undefined, { body: '{"clientId":' }), 400, 'VALIDATION_ERROR');
    expectError(await owner.client.post('/api/chat/conversations/not-a-uuid/messages', { clientId, content: 'hello' }), 400, 'VALIDATION_ERROR');
    expectError(await owner.client.get(`/api/chat/conversations/${conversationId}/messages?before=abc`), 400, 'VALIDATION_ERROR');
    expectError(await owner.client.get(`/api/chat/conversations/${conversationId}/messages?limit=201`), 400, 'VALIDATION_ERROR');
    expectError(await owner.client.get('/api/chat/sync'), 400, 'VALIDATION_ERROR');
    expectError(await owner.client.get('/api/chat/sync?after=-1'), 400, 'VALIDATION_ERROR');
    expectError(await owner.client.get('/api/chat/sync?after=99999999999999999999'), 400, 'VALIDATION_ERROR');
    expectError(await owner.client.get('/api/chat/sync?after=1.5'), 400, 'VALIDATION_ERROR');
    expectError(await owner.client.get(`/api/chat/conversations/${conversationId}/messages?after=99999999999999999999`), 400, 'VALIDATION_ERROR');
    // The largest safe integer is a seq like any other.
    expect((await owner.client.get(`/api/chat/conversations/${conversationId}/messages?before=${Number.MAX_SAFE_INTEGER}`)).status).toBe(200);
    expect((await owner.client.get(`/api/chat/sync?after=${Number.MAX_SAFE_INTEGER}`)).status).toBe(200);
    expectError(await owner.client.post('/api/chat/conversations', { memberIds: ['a\u0000b'] }), 400, 'VALIDATION_ERROR');
    expectError(await owner.client.post('/api/chat/conversations', { memberIds: [bea.me.id, cal.me.id], name: 'x'.repeat(81) }), 400, 'VALIDATION_ERROR');
    expect(await chatCounts(server.db)).toEqual(before);
  });
});

describe('sync', () => {
  it('answers every message of my conversations after a seq, by seq, and never another conversation', async () => {
    const mine = await createConversation(dee.client, [cal.me.id]);
    const notMine = await createConversation(owner.client, [bea.me.id, cal.me.id], 'Not for Dee');
    const start = (await send(dee.client, mine.conversation.id, 'start')).seq;
    const a = await send(cal.client, mine.conversation.id, 'a');
    await send(owner.client, notMine.conversation.id, 'secret');
    const b = await send(dee.client, mine.conversation.id, 'b');
    const response = await dee.client.get<SyncResponse>(`/api/chat/sync?after=${start}`);
    expect(response.status).toBe(200);
    const ids = response.body.messages.map((message) => message.id);
    expect(ids).toContain(a.id);
    expect(ids).toContain(b.id);
    expect(response.body.messages.some((message) => message.content === 'secret')).toBe(false);
    expect(response.body.messages.every((message) => message.conversationId !== notMine.conversation.id)).toBe(true);
    const seqs = response.body.messages.map((message) => message.seq);
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    expect(response.body.cursor).toBe(b.seq);
    expect(response.body.hasMore).toBe(false);

    const paged = await dee.client.get<SyncResponse>(`/api/chat/sync?after=${start}&limit=1`);
    expect(paged.body).toMatchObject({ hasMore: true, cursor: a.seq });
    expect(paged.body.messages.map((message) => message.id)).toEqual([a.id]);
    const empty = await dee.client.get<SyncResponse>(`/api/chat/sync?after=${b.seq}`);
    expect(empty.body).toEqual({ messages: [], cursor: b.seq, hasMore: false });

    const foreign = await outsider.client.get<SyncResponse>('/api/chat/sync?after=0');
    expect(foreign.body.messages).toEqual([]);
  });
});

describe('tenant isolation', () => {
  let conversationId: string;
  let before: Awaited<ReturnType<typeof chatCounts>>;

  beforeAll(async () => {
    conversationId = (await createConversation(owner.client, [bea.me.id, cal.me.id], 'Private crew')).conversation.id;
    await send(owner.client, conversationId, 'only for the crew');
  });

  for (const who of ['another company', 'a colleague who is not a member'] as const) {
    it(`${who} gets 404 on every endpoint and changes nothing`, async () => {
      const intruder = who === 'another company' ? outsider : dee;
      before = await chatCounts(server.db);
      const base = `/api/chat/conversations/${conversationId}`;
      expectError(await intruder.client.get(base), 404, 'NOT_FOUND');
      expectError(await intruder.client.get(`${base}/messages`), 404, 'NOT_FOUND');
      expectError(await intruder.client.get(`${base}/messages?after=0`), 404, 'NOT_FOUND');
      expectError(await intruder.client.post(`${base}/messages`, { clientId: randomUUID(), content: 'let me in' }), 404, 'NOT_FOUND');
      expectError(await intruder.client.post(`${base}/members`, { profileId: intruder.me.id }), 404, 'NOT_FOUND');
      expectError(await intruder.client.delete(`${base}/members/${bea.me.id}`), 404, 'NOT_FOUND');
      expectError(await intruder.client.post(`${base}/archive`), 404, 'NOT_FOUND');
      expectError(await intruder.client.post(`${base}/restore`), 404, 'NOT_FOUND');
      expectError(await intruder.client.post(`${base}/read`), 404, 'NOT_FOUND');
      const list = await listed(intruder.client);
      expect(find(list, conversationId)).toBeUndefined();
      const sync = await intruder.client.get<SyncResponse>('/api/chat/sync?after=0');
      expect(sync.body.messages.some((message) => message.conversationId === conversationId)).toBe(false);
      expect(await chatCounts(server.db)).toEqual(before);
      const shown = await owner.client.get<{ conversation: Conversation }>(base);
      expect(shown.body.conversation).toMatchObject({ archived: false });
      expect(shown.body.conversation.members).toHaveLength(3);
    });
  }

  it('an unknown conversation is 404 too', async () => {
    expectError(await owner.client.get(`/api/chat/conversations/${randomUUID()}`), 404, 'NOT_FOUND');
    expectError(await owner.client.get('/api/chat/conversations/not-a-uuid'), 400, 'VALIDATION_ERROR');
  });

  it('signed out is 401', async () => {
    const anonymous = server.client();
    expect((await anonymous.get('/api/chat/conversations')).status).toBe(401);
    expect((await anonymous.get('/api/chat/sync?after=0')).status).toBe(401);
  });
});
