import { and, desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db, DbTx } from '../../infra/db/client';
import { conversationMembers, conversations, messageAttachments, messages, pushSubscriptions, user } from '../../infra/db/schema/index';

// Push subscriptions and the conversation membership a chat push needs. A subscription belongs to the
// user who made it; who a chat push reaches is read through the conversation of the sender's company.

export type SubscriptionFields = { endpoint: string; p256dh: string; auth: string; deviceInfo: string | null; userId: string };
export type PushRecipientRow = { id: string; endpoint: string; p256dh: string; auth: string };

/**
 * Stores the browser's subscription, one row per endpoint, bound to the user who stored it first:
 * that user subscribing again (new keys) updates the row; another user's attempt changes nothing and
 * answers false. One statement, so two users racing for a new endpoint leave it to exactly one.
 */
export async function upsertSubscription(db: Db | DbTx, fields: SubscriptionFields): Promise<boolean> {
  const values = {
    endpoint: fields.endpoint,
    p256dh: fields.p256dh,
    auth: fields.auth,
    deviceInfo: fields.deviceInfo,
    profileId: fields.userId,
    userId: fields.userId,
  };
  const rows = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        p256dh: values.p256dh,
        auth: values.auth,
        deviceInfo: values.deviceInfo,
        profileId: values.profileId,
        userId: values.userId,
        updatedAt: sql`now()`,
      },
      setWhere: or(eq(pushSubscriptions.userId, fields.userId), isNull(pushSubscriptions.userId)),
    })
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** Deletes the user's own subscription of this endpoint; true when there was one. */
export async function deleteUserSubscription(db: Db | DbTx, userId: string, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** Deletes a subscription the push service no longer knows (it answered 404 or 410). */
export async function deleteSubscriptionById(db: Db | DbTx, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** Whether the user is a member of this conversation of the company. */
export async function isConversationMember(db: Db | DbTx, companyId: string, conversationId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .innerJoin(conversationMembers, and(eq(conversationMembers.conversationId, conversations.id), eq(conversationMembers.profileId, userId)))
    .where(and(eq(conversations.id, conversationId), eq(conversations.companyId, companyId)))
    .limit(1);
  return row !== undefined;
}

/** The subscriptions of the conversation's other members (every member but the sender), in the company. */
export async function listRecipientSubscriptions(db: Db | DbTx, companyId: string, conversationId: string, senderId: string): Promise<PushRecipientRow[]> {
  return db
    .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
    .from(conversationMembers)
    .innerJoin(conversations, and(eq(conversations.id, conversationMembers.conversationId), eq(conversations.companyId, companyId)))
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.profileId, conversationMembers.profileId))
    .where(and(eq(conversationMembers.conversationId, conversationId), ne(conversationMembers.profileId, senderId)));
}

/**
 * The newest message the user sent in the conversation (of the company): its text, and the file name
 * of its attachment when it has one. Null when they sent none.
 */
export async function findLatestMessageOf(
  db: Db | DbTx,
  companyId: string,
  conversationId: string,
  senderId: string,
): Promise<{ content: string; fileName: string | null } | null> {
  const [row] = await db
    .select({ content: messages.content, fileName: messageAttachments.fileName })
    .from(messages)
    .innerJoin(conversations, and(eq(conversations.id, messages.conversationId), eq(conversations.companyId, companyId)))
    .leftJoin(messageAttachments, eq(messageAttachments.messageId, messages.id))
    .where(and(eq(messages.conversationId, conversationId), eq(messages.senderId, senderId)))
    .orderBy(desc(messages.seq))
    .limit(1);
  return row ?? null;
}

/**
 * Claims the push of a message of the company (sets its pushed_at, once): its conversation, sender,
 * text, the file name of its attachment, and whether any other member of the conversation has a
 * device to reach; null when it was claimed already (or is not the company's, or is gone). One
 * statement: of two workers handed the same message, one wins, and a message nobody can be told
 * of costs nothing more.
 */
export async function claimMessagePush(
  db: Db | DbTx,
  companyId: string,
  messageId: string,
): Promise<{ conversationId: string; senderId: string | null; content: string; fileName: string | null; reachable: boolean } | null> {
  const result = await db.execute<{ conversation_id: string; sender_id: string | null; content: string; file_name: string | null; reachable: boolean }>(sql`
    update ${messages} set pushed_at = now()
    from ${conversations}
    where ${messages.id} = ${messageId} and ${messages.pushedAt} is null
      and ${conversations.id} = ${messages.conversationId} and ${conversations.companyId} = ${companyId}
    returning ${messages.conversationId} as conversation_id, ${messages.senderId} as sender_id, ${messages.content} as content,
      (select a.file_name from ${messageAttachments} a where a.message_id = ${messages.id} order by a.created_at limit 1) as file_name,
      exists (
        select 1 from ${conversationMembers} cm join ${pushSubscriptions} ps on ps.profile_id = cm.profile_id
        where cm.conversation_id = ${messages.conversationId} and cm.profile_id is distinct from ${messages.senderId}
      ) as reachable`);
  const [row] = result.rows;
  return row ? { conversationId: row.conversation_id, senderId: row.sender_id, content: row.content, fileName: row.file_name, reachable: row.reachable } : null;
}

/** The names a sender is shown by. */
export async function findSenderNames(db: Db | DbTx, userId: string): Promise<{ firstName: string; lastName: string; name: string; email: string } | null> {
  const [row] = await db
    .select({ firstName: user.firstName, lastName: user.lastName, name: user.name, email: user.email })
    .from(user)
    .where(eq(user.id, userId));
  return row ?? null;
}
