import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db, DbTx } from '../../infra/db/client';
import { conversationMembers, conversations, pushSubscriptions, user } from '../../infra/db/schema/index';

// Push subscriptions and the conversation membership a chat push needs. A subscription belongs to the
// user who made it; who a chat push reaches is read through the conversation of the sender's company.

export type SubscriptionFields = { endpoint: string; p256dh: string; auth: string; deviceInfo: string | null; userId: string };
export type PushRecipientRow = { id: string; endpoint: string; p256dh: string; auth: string };

/**
 * Stores the browser's subscription, one row per endpoint: subscribing again (new keys, or another
 * user on the same browser) updates the row and moves it to the current user.
 */
export async function upsertSubscription(db: Db | DbTx, fields: SubscriptionFields): Promise<void> {
  const values = { endpoint: fields.endpoint, p256dh: fields.p256dh, auth: fields.auth, deviceInfo: fields.deviceInfo, profileId: fields.userId, userId: fields.userId };
  await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { p256dh: values.p256dh, auth: values.auth, deviceInfo: values.deviceInfo, profileId: values.profileId, userId: values.userId, updatedAt: sql`now()` },
    });
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

/** The names a sender is shown by. */
export async function findSenderNames(db: Db | DbTx, userId: string): Promise<{ firstName: string; lastName: string; name: string; email: string } | null> {
  const [row] = await db.select({ firstName: user.firstName, lastName: user.lastName, name: user.name, email: user.email }).from(user).where(eq(user.id, userId));
  return row ?? null;
}
