import { and, asc, desc, eq, gt, inArray, isNotNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import { PROJECT_THREAD_PREFIX, type MessageType } from '@ridgeline/shared/domain/chat';
import type { Db, DbTx } from '../../infra/db/client';
import { conversationMembers, conversations, members, messageAttachments, messageMentions, messages, user } from '../../infra/db/schema/index';

// Every statement on chat data is scoped to the company (conversations.company_id) and, for what a
// user reads, to the conversations they are a member of: another company's or another member's
// conversation is never read, changed or counted.

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

/** A person's name columns, for displayName, and their avatar. */
const personColumns = { id: user.id, firstName: user.firstName, lastName: user.lastName, name: user.name, email: user.email, image: user.image };
export type PersonRow = { id: string; firstName: string; lastName: string; name: string; email: string; image: string | null };

/** Not a claim file's thread (its name starts with `project:`). */
const notProjectThread = sql`coalesce(${conversations.name}, '') not like ${`${PROJECT_THREAD_PREFIX}%`}`;

// ---------------------------------------------------------------- people

/** The company's people, ordered by first name (then last name and id, for a stable order), without `excludeId`. */
export async function listColleagues(db: Db | DbTx, companyId: string, excludeId: string): Promise<PersonRow[]> {
  return db
    .select(personColumns)
    .from(members)
    .innerJoin(user, eq(user.id, members.userId))
    .where(and(eq(members.companyId, companyId), ne(members.userId, excludeId)))
    .orderBy(asc(user.firstName), asc(user.lastName), asc(user.id));
}

/**
 * Which of the ids are people of the company. `lock` holds their company memberships (FOR SHARE) to
 * the end of the transaction: someone being removed from the company meanwhile is waited for, and
 * then no longer counted.
 */
export async function companyPeopleAmong(db: Db | DbTx, companyId: string, ids: string[], options: { lock?: boolean } = {}): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const query = db
    .select({ id: members.userId })
    .from(members)
    .where(and(eq(members.companyId, companyId), inArray(members.userId, ids)));
  const rows = options.lock ? await query.for('share') : await query;
  return new Set(rows.map((row) => row.id));
}

export async function findPerson(db: Db | DbTx, id: string): Promise<PersonRow | undefined> {
  const [row] = await db.select(personColumns).from(user).where(eq(user.id, id));
  return row;
}

// ---------------------------------------------------------------- conversations

export type NewConversation = {
  companyId: string;
  createdBy: string;
  isGroup: boolean;
  name: string | null;
  dmKey: string | null;
};

/** Inserts a conversation; undefined when a direct message of the pair (or the project's thread) already exists. */
export async function insertConversation(tx: Db | DbTx, values: NewConversation): Promise<ConversationRow | undefined> {
  const [row] = await tx.insert(conversations).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findDirectMessage(db: Db | DbTx, companyId: string, key: string): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.companyId, companyId), eq(conversations.dmKey, key)));
  return row;
}

export async function findConversationByName(db: Db | DbTx, companyId: string, name: string): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.companyId, companyId), eq(conversations.name, name)));
  return row;
}

/**
 * The conversation when it is the company's and the person is one of its members. `lock` holds the
 * conversation and the person's membership (FOR SHARE) to the end of the transaction: a membership
 * change checked this way cannot be made by someone removed meanwhile (their removal is waited for,
 * and then they are no member).
 */
export async function findMemberConversation(
  db: Db | DbTx,
  companyId: string,
  conversationId: string,
  profileId: string,
  options: { lock?: boolean } = {},
): Promise<ConversationRow | undefined> {
  const query = db
    .select({ conversation: conversations })
    .from(conversations)
    .innerJoin(conversationMembers, and(eq(conversationMembers.conversationId, conversations.id), eq(conversationMembers.profileId, profileId)))
    .where(and(eq(conversations.companyId, companyId), eq(conversations.id, conversationId)));
  const [row] = options.lock ? await query.for('share') : await query;
  return row?.conversation;
}

/** What sending needs in one read: the company's conversation, its member ids, and the sender's name. */
export type SendingContext = { conversation: ConversationRow; memberIds: string[]; sender: PersonRow };

export async function findSendingContext(db: Db | DbTx, companyId: string, conversationId: string, senderId: string): Promise<SendingContext | undefined> {
  const [row] = await db
    .select({
      conversation: conversations,
      memberIds: sql<string[]>`array(select cm.profile_id from ${conversationMembers} cm where cm.conversation_id = ${conversations.id})`,
      sender: personColumns,
    })
    .from(conversations)
    .innerJoin(user, eq(user.id, senderId))
    .where(and(eq(conversations.companyId, companyId), eq(conversations.id, conversationId)));
  return row;
}

/** Adds members (those already in stay as they are); answers the ids newly added. */
export async function insertMembers(tx: Db | DbTx, conversationId: string, profileIds: string[]): Promise<string[]> {
  if (profileIds.length === 0) return [];
  const rows = await tx
    .insert(conversationMembers)
    .values(profileIds.map((profileId) => ({ conversationId, profileId })))
    .onConflictDoNothing()
    .returning({ profileId: conversationMembers.profileId });
  return rows.map((row) => row.profileId);
}

/** The ids of the conversation's members. */
export async function memberIdsOf(db: Db | DbTx, conversationId: string): Promise<string[]> {
  const rows = await db
    .select({ profileId: conversationMembers.profileId })
    .from(conversationMembers)
    .where(eq(conversationMembers.conversationId, conversationId));
  return rows.map((row) => row.profileId);
}

/** Removes a member; false when they were not one. */
export async function deleteMember(tx: Db | DbTx, conversationId: string, profileId: string): Promise<boolean> {
  const rows = await tx
    .delete(conversationMembers)
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.profileId, profileId)))
    .returning({ profileId: conversationMembers.profileId });
  return rows.length > 0;
}

export async function setArchived(tx: Db | DbTx, companyId: string, conversationId: string, archived: boolean): Promise<void> {
  await tx
    .update(conversations)
    .set({ archived })
    .where(and(eq(conversations.companyId, companyId), eq(conversations.id, conversationId)));
}

/** Sets the member's last_read_at to now and answers it. */
export async function markRead(tx: Db | DbTx, conversationId: string, profileId: string): Promise<Date | undefined> {
  const [row] = await tx
    .update(conversationMembers)
    .set({ lastReadAt: sql`now()` })
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.profileId, profileId)))
    .returning({ lastReadAt: conversationMembers.lastReadAt });
  return row?.lastReadAt ?? undefined;
}

/** A conversation with what its member sees in the list: the last message, and their unread count. */
export type ConversationSummaryRow = ConversationRow & {
  lastContent: string | null;
  lastFileName: string | null;
  unreadCount: number;
};

/**
 * The person's conversations of the company (all, listed only, or the given one), each with its last
 * message and the person's unread count (messages after their last_read_at not sent by them; all
 * others' when they never read it), in one statement: by last message, newest first (one without
 * messages by when it was created).
 */
export async function memberConversationSummaries(
  db: Db | DbTx,
  companyId: string,
  profileId: string,
  filter: { listedOnly: true } | { conversationId: string },
): Promise<ConversationSummaryRow[]> {
  const conditions: SQL[] = [eq(conversations.companyId, companyId)];
  if ('listedOnly' in filter) conditions.push(eq(conversations.archived, false), notProjectThread);
  else conditions.push(eq(conversations.id, filter.conversationId));
  const rows = await db
    .select({
      conversation: conversations,
      lastContent: sql<string | null>`last_message.content`,
      lastFileName: sql<string | null>`last_message.file_name`,
      unreadCount: sql<number>`(
        select count(*)::int from ${messages} unread
        where unread.conversation_id = ${conversations.id}
          and unread.sender_id is distinct from ${profileId}
          and (${conversationMembers.lastReadAt} is null or unread.created_at > ${conversationMembers.lastReadAt})
      )`,
    })
    .from(conversations)
    .innerJoin(conversationMembers, and(eq(conversationMembers.conversationId, conversations.id), eq(conversationMembers.profileId, profileId)))
    .leftJoin(
      sql`lateral (
        select last.content, (select a.file_name from ${messageAttachments} a where a.message_id = last.id order by a.created_at limit 1) as file_name
        from ${messages} last where last.conversation_id = ${conversations.id}
        order by last.seq desc limit 1
      ) last_message`,
      sql`true`,
    )
    .where(and(...conditions))
    .orderBy(sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt}) desc`, desc(conversations.createdAt), desc(conversations.id));
  return rows.map((row) => ({ ...row.conversation, lastContent: row.lastContent, lastFileName: row.lastFileName, unreadCount: Number(row.unreadCount) }));
}

export type MemberRow = PersonRow & { conversationId: string; addedAt: Date };

/** The members of the conversations, by when they joined. */
export async function membersOf(db: Db | DbTx, conversationIds: string[]): Promise<MemberRow[]> {
  if (conversationIds.length === 0) return [];
  return db
    .select({ ...personColumns, conversationId: conversationMembers.conversationId, addedAt: conversationMembers.addedAt })
    .from(conversationMembers)
    .innerJoin(user, eq(user.id, conversationMembers.profileId))
    .where(inArray(conversationMembers.conversationId, conversationIds))
    .orderBy(asc(conversationMembers.addedAt), asc(user.firstName), asc(user.id));
}

// ---------------------------------------------------------------- projects

// ---------------------------------------------------------------- messages

const senderColumns = { senderFirstName: user.firstName, senderLastName: user.lastName, senderName: user.name, senderEmail: user.email };
export type MessageWithSenderRow = MessageRow & {
  senderFirstName: string | null;
  senderLastName: string | null;
  senderName: string | null;
  senderEmail: string | null;
};

function withSender(
  rows: { message: MessageRow; senderFirstName: string | null; senderLastName: string | null; senderName: string | null; senderEmail: string | null }[],
): MessageWithSenderRow[] {
  return rows.map(({ message, ...sender }) => ({ ...message, ...sender }));
}

/**
 * A page of a conversation's messages, `limit + 1` at most so the caller knows whether more exist:
 * before a seq (or the latest) newest first, or after a seq oldest first.
 */
export async function conversationMessages(
  db: Db | DbTx,
  conversationId: string,
  page: { before?: number | undefined; after?: number | undefined; limit: number },
): Promise<MessageWithSenderRow[]> {
  const conditions: SQL[] = [eq(messages.conversationId, conversationId)];
  if (page.before !== undefined) conditions.push(lt(messages.seq, page.before));
  if (page.after !== undefined) conditions.push(gt(messages.seq, page.after));
  const rows = await db
    .select({ message: messages, ...senderColumns })
    .from(messages)
    .leftJoin(user, eq(user.id, messages.senderId))
    .where(and(...conditions))
    .orderBy(page.after !== undefined ? asc(messages.seq) : desc(messages.seq))
    .limit(page.limit + 1);
  return withSender(rows);
}

/** Whether the conversation has a message before the seq. */
export async function hasMessageBefore(db: Db | DbTx, conversationId: string, seq: number): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), lt(messages.seq, seq)))
    .limit(1);
  return row !== undefined;
}

/** The messages after a seq of every conversation of the company the person is a member of, oldest first, `limit + 1` at most. */
export async function messagesForMemberAfter(
  db: Db | DbTx,
  companyId: string,
  profileId: string,
  after: number,
  limit: number,
): Promise<MessageWithSenderRow[]> {
  const rows = await db
    .select({ message: messages, ...senderColumns })
    .from(messages)
    .innerJoin(conversations, and(eq(conversations.id, messages.conversationId), eq(conversations.companyId, companyId)))
    .innerJoin(conversationMembers, and(eq(conversationMembers.conversationId, messages.conversationId), eq(conversationMembers.profileId, profileId)))
    .leftJoin(user, eq(user.id, messages.senderId))
    .where(gt(messages.seq, after))
    .orderBy(asc(messages.seq))
    .limit(limit + 1);
  return withSender(rows);
}

export async function findMessageWithSender(db: Db | DbTx, messageId: string): Promise<MessageWithSenderRow | undefined> {
  const rows = await db
    .select({ message: messages, ...senderColumns })
    .from(messages)
    .leftJoin(user, eq(user.id, messages.senderId))
    .where(eq(messages.id, messageId));
  return withSender(rows)[0];
}

export type NewMessage = { conversationId: string; senderId: string; content: string; messageType: MessageType; clientId: string };

/** Inserts a message; undefined when the sender already sent one with this client id. */
export async function insertMessage(tx: Db | DbTx, values: NewMessage): Promise<MessageRow | undefined> {
  const [row] = await tx.insert(messages).values(values).onConflictDoNothing().returning();
  return row;
}

/**
 * A text message (no attachment, no mentions) posted in ONE statement, so the send costs one round
 * trip: the membership check (the conversation in the company, the sender among its members), the
 * insert (nothing when the sender already used this client id), the conversation's last_message_at
 * and the realtime NOTIFY, committed together. The notification is the envelope the service
 * presented, with what only the insert knows filled in: the recipients (the members), the seq and
 * created_at (as toISOString writes it); when that is over NOTIFY's limit the reference envelope goes
 * instead. A named statement: PostgreSQL parses and plans it once per connection.
 */
const POST_TEXT_MESSAGE = `
with ctx as (
  select array(select cm.profile_id from conversation_members cm where cm.conversation_id = c.id) as member_ids
  from conversations c
  where c.id = $1 and c.company_id = $2
),
ins as (
  insert into messages (id, conversation_id, sender_id, content, message_type, client_id)
  select $3, $1, $4, $5, 'text', $6 from ctx where $4 = any(ctx.member_ids)
  on conflict do nothing
  returning seq, created_at
),
touch as (
  update conversations set last_message_at = greatest(conversations.last_message_at, ins.created_at)
  from ins where conversations.id = $1
),
payload as (
  select
    jsonb_set(jsonb_set(jsonb_set($7::jsonb, '{to}', to_jsonb(ctx.member_ids)), '{event,message,seq}', to_jsonb(ins.seq)),
      '{event,message,createdAt}', to_jsonb(to_char(ins.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))::text as full_text,
    jsonb_set(jsonb_set($8::jsonb, '{to}', to_jsonb(ctx.member_ids)), '{event,seq}', to_jsonb(ins.seq))::text as ref_text
  from ctx, ins
),
notified as (
  select pg_notify($9, case when octet_length(full_text) <= $10 then full_text else ref_text end) from payload
)
select ctx.member_ids, ins.seq::text as seq, ins.created_at, (select count(*) from notified)::int as notified
from ctx left join ins on true`;

export type NewTextMessage = { id: string; conversationId: string; companyId: string; senderId: string; content: string; clientId: string };
/** The envelopes to publish, with the fields the statement fills (see POST_TEXT_MESSAGE). */
export type EnvelopeTemplates = { channel: string; maxBytes: number; full: string; ref: string };
/** null: no such conversation in the company; memberIds without the sender: not a member; inserted null: the client id was used. */
export type PostedText = { memberIds: string[]; inserted: { seq: number; createdAt: Date } | null } | null;

export async function insertTextMessageAndNotify(db: Db, values: NewTextMessage, envelopes: EnvelopeTemplates): Promise<PostedText> {
  const result = await db.$client.query<{ member_ids: string[]; seq: string | null; created_at: Date | null; notified: number }>({
    name: 'chat_post_text_message',
    text: POST_TEXT_MESSAGE,
    values: [
      values.conversationId,
      values.companyId,
      values.id,
      values.senderId,
      values.content,
      values.clientId,
      envelopes.full,
      envelopes.ref,
      envelopes.channel,
      envelopes.maxBytes,
    ],
  });
  const [row] = result.rows;
  if (!row) return null;
  const inserted = row.seq !== null && row.created_at !== null ? { seq: Number(row.seq), createdAt: row.created_at } : null;
  return { memberIds: row.member_ids, inserted };
}

/** The sender's message with this client id. */
export async function findSentMessage(db: Db | DbTx, senderId: string, clientId: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId), isNotNull(messages.clientId)));
  return row;
}

export async function touchConversation(tx: Db | DbTx, conversationId: string, at: Date): Promise<void> {
  await tx
    .update(conversations)
    .set({ lastMessageAt: sql`greatest(${conversations.lastMessageAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(conversations.id, conversationId));
}

export type NewAttachment = { messageId: string; objectPath: string; fileName: string; fileType: string; fileSize: number };
export type AttachmentRow = typeof messageAttachments.$inferSelect;

export async function insertAttachment(tx: Db | DbTx, values: NewAttachment): Promise<AttachmentRow> {
  const [row] = await tx.insert(messageAttachments).values(values).returning();
  if (!row) throw new Error('The attachment was not written');
  return row;
}

export async function insertMentions(tx: Db | DbTx, messageId: string, profileIds: string[]): Promise<void> {
  if (profileIds.length === 0) return;
  await tx
    .insert(messageMentions)
    .values(profileIds.map((mentionedProfileId) => ({ messageId, mentionedProfileId })))
    .onConflictDoNothing();
}

export async function attachmentsOf(db: Db | DbTx, messageIds: string[]): Promise<AttachmentRow[]> {
  if (messageIds.length === 0) return [];
  return db
    .select()
    .from(messageAttachments)
    .where(inArray(messageAttachments.messageId, messageIds))
    .orderBy(asc(messageAttachments.createdAt), asc(messageAttachments.id));
}

export async function mentionsOf(db: Db | DbTx, messageIds: string[]): Promise<{ messageId: string; profileId: string }[]> {
  if (messageIds.length === 0) return [];
  return db
    .select({ messageId: messageMentions.messageId, profileId: messageMentions.mentionedProfileId })
    .from(messageMentions)
    .where(inArray(messageMentions.messageId, messageIds));
}

/** The attachment when the person is a member of its message's conversation, in the company. */
export async function findMemberAttachment(db: Db | DbTx, companyId: string, profileId: string, attachmentId: string): Promise<AttachmentRow | undefined> {
  const [row] = await db
    .select({ attachment: messageAttachments })
    .from(messageAttachments)
    .innerJoin(messages, eq(messages.id, messageAttachments.messageId))
    .innerJoin(conversations, and(eq(conversations.id, messages.conversationId), eq(conversations.companyId, companyId)))
    .innerJoin(conversationMembers, and(eq(conversationMembers.conversationId, messages.conversationId), eq(conversationMembers.profileId, profileId)))
    .where(eq(messageAttachments.id, attachmentId));
  return row?.attachment;
}
