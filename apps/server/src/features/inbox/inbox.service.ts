import { NOTIFICATION_KINDS, type Notification, type NotificationsResponse } from '@ridgeline/shared/contracts/chat';
import { displayName } from '@ridgeline/shared/domain/users';
import type { Actor, Tenant } from '../../lib/actor';
import type { Db } from '../../infra/db/client';
import { AppError } from '../../lib/app-error';
import {
  countUnread,
  findNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type InboxCursor,
  type InboxOwner,
  type NotificationRow,
} from './inbox.repository';
import { inboxOwner } from './inbox.policy';

export type InboxServiceDeps = { db: Db };

/** A page of the inbox holds this many unless asked otherwise, and never more than the maximum. */
export const INBOX_PAGE_SIZE = 50;
export const INBOX_MAX_PAGE_SIZE = 100;

/** More of the inbox: `before` is a notification's id (the page after it) or an ISO instant (those written before it). */
export type InboxQuery = { limit?: number; before?: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function kindOf(kind: string): Notification['kind'] {
  const known = NOTIFICATION_KINDS.find((candidate) => candidate === kind);
  if (!known) throw new Error(`Unknown notification kind ${kind}`);
  return known;
}

function present(row: NotificationRow): Notification {
  const actor = { firstName: row.actorFirstName, lastName: row.actorLastName, name: row.actorAccountName, email: row.actorEmail };
  const hasActor = row.actorEmail !== null;
  return {
    id: row.id,
    kind: kindOf(row.kind),
    title: row.title,
    body: row.body,
    link: row.link,
    actorName: hasActor ? displayName(actor) || null : null,
    readAt: row.readAt ? row.readAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The inbox: what a user is told (mentions today; assignments, status changes and finished uploads
 * later), only ever their own notifications in their own company. Another user's notification, in
 * the same company or another, is not found (404) and stays as it was.
 */
export function createInboxService({ db }: InboxServiceDeps) {
  async function cursorOf(owner: InboxOwner, before: string | undefined): Promise<InboxCursor> {
    if (!before) return null;
    if (UUID.test(before)) {
      if (!(await findNotification(db, owner, before))) throw AppError.notFound('Notification not found');
      return { kind: 'id', id: before };
    }
    return { kind: 'time', at: new Date(before) };
  }

  /** The user's notifications newest first, a page at a time, with how many are unread in all. */
  async function list(actor: Actor, tenant: Tenant, query: InboxQuery): Promise<NotificationsResponse> {
    const owner = inboxOwner(actor, tenant);
    const limit = Math.min(query.limit ?? INBOX_PAGE_SIZE, INBOX_MAX_PAGE_SIZE);
    const cursor = await cursorOf(owner, query.before);
    const [rows, unreadCount] = await Promise.all([listNotifications(db, owner, cursor, limit), countUnread(db, owner)]);
    return { notifications: rows.map(present), unreadCount };
  }

  /** Marks one of the user's notifications read (reading it again keeps the first time) and answers it. */
  async function markRead(actor: Actor, tenant: Tenant, id: string): Promise<Notification> {
    const owner = inboxOwner(actor, tenant);
    if (!(await markNotificationRead(db, owner, id))) throw AppError.notFound('Notification not found');
    const row = await findNotification(db, owner, id);
    if (!row) throw AppError.notFound('Notification not found');
    return present(row);
  }

  /** Marks every unread notification of the user read; answers how many were. */
  async function markAllRead(actor: Actor, tenant: Tenant): Promise<{ updated: number }> {
    return { updated: await markAllNotificationsRead(db, inboxOwner(actor, tenant)) };
  }

  return { list, markRead, markAllRead };
}

export type InboxService = ReturnType<typeof createInboxService>;
