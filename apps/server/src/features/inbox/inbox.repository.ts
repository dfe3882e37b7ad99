import { and, count, desc, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, DbTx } from '../../infra/db/client';
import { notifications, user } from '../../infra/db/schema/index';

// The inbox's statements. Every one filters by the company and the profile: a user reads and marks
// only their own notifications in their own company; any other id is simply not found.

/** Whose inbox: the signed-in user in their company. */
export type InboxOwner = { companyId: string; profileId: string };

/** Where a page starts: after a notification of the inbox (by id), or before an instant. */
export type InboxCursor = { kind: 'id'; id: string } | { kind: 'time'; at: Date } | null;

export type NotificationRow = {
  id: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  readAt: Date | null;
  createdAt: Date;
  actorFirstName: string | null;
  actorLastName: string | null;
  actorAccountName: string | null;
  actorEmail: string | null;
};

const mine = (owner: InboxOwner): SQL | undefined => and(eq(notifications.companyId, owner.companyId), eq(notifications.profileId, owner.profileId));

const rowColumns = {
  id: notifications.id,
  kind: notifications.kind,
  title: notifications.title,
  body: notifications.body,
  link: notifications.link,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
  actorFirstName: user.firstName,
  actorLastName: user.lastName,
  actorAccountName: user.name,
  actorEmail: user.email,
};

function selectNotifications(db: Db | DbTx, where: SQL | undefined) {
  return db.select(rowColumns).from(notifications).leftJoin(user, eq(user.id, notifications.actorId)).where(where);
}

/**
 * The page's condition. An id cursor compares (created_at, id) with that row's own values inside
 * PostgreSQL, at the column's full precision, so notifications written in the same millisecond are
 * neither skipped nor repeated between pages.
 */
function pageCondition(owner: InboxOwner, cursor: InboxCursor): SQL | undefined {
  if (!cursor) return undefined;
  if (cursor.kind === 'time') return lt(notifications.createdAt, cursor.at);
  return sql`(${notifications.createdAt}, ${notifications.id}) < (
    select c.created_at, c.id from ${notifications} c
    where c.id = ${cursor.id} and c.company_id = ${owner.companyId} and c.profile_id = ${owner.profileId})`;
}

/** The owner's notifications, newest first (ties by id), from the cursor on, at most `limit`. */
export async function listNotifications(db: Db | DbTx, owner: InboxOwner, cursor: InboxCursor, limit: number): Promise<NotificationRow[]> {
  return selectNotifications(db, and(mine(owner), pageCondition(owner, cursor)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

/** One of the owner's notifications, or null (another user's or company's id is not found). */
export async function findNotification(db: Db | DbTx, owner: InboxOwner, id: string): Promise<NotificationRow | null> {
  const [row] = await selectNotifications(db, and(mine(owner), eq(notifications.id, id)));
  return row ?? null;
}

/** How many of the owner's notifications are unread. */
export async function countUnread(db: Db | DbTx, owner: InboxOwner): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(mine(owner), isNull(notifications.readAt)));
  return row?.unread ?? 0;
}

/** Marks one of the owner's notifications read (the first read time stays); false when it is not theirs. */
export async function markNotificationRead(db: Db | DbTx, owner: InboxOwner, id: string): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(mine(owner), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** Marks every unread notification of the owner read; how many changed. */
export async function markAllNotificationsRead(db: Db | DbTx, owner: InboxOwner): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(mine(owner), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}
