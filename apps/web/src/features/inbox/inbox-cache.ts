import type { InfiniteData } from '@tanstack/react-query';
import type { Notification, NotificationsResponse } from '@ridgeline/shared/contracts/chat';

// The inbox list as the query cache holds it (pages of notifications, the first page's unreadCount
// the count shown), changed in place when a notification arrives live or is marked read, so the
// page never reloads what it already knows.

export type InboxPages = InfiniteData<NotificationsResponse>;

const isUnread = (notification: Notification) => notification.readAt === null;

function holds(pages: InboxPages, id: string): Notification | undefined {
  for (const page of pages.pages) {
    const found = page.notifications.find((candidate) => candidate.id === id);
    if (found) return found;
  }
  return undefined;
}

/** The count the inbox shows: the first page's. */
export function unreadCountOf(pages: InboxPages | undefined): number {
  return pages?.pages[0]?.unreadCount ?? 0;
}

/** Every notification of the loaded pages, newest first. */
export function notificationsOf(pages: InboxPages | undefined): Notification[] {
  return pages?.pages.flatMap((page) => page.notifications) ?? [];
}

/** A notification that arrived live goes on top, once: one already listed (a refetch got it first) changes nothing. */
export function prependNotification(pages: InboxPages | undefined, notification: Notification): InboxPages | undefined {
  const [first, ...rest] = pages?.pages ?? [];
  if (!pages || !first || holds(pages, notification.id)) return pages;
  const unreadCount = first.unreadCount + (isUnread(notification) ? 1 : 0);
  return { ...pages, pages: [{ notifications: [notification, ...first.notifications], unreadCount }, ...rest] };
}

/** The server's answer to "mark as read" replaces the listed one; the count drops if it was unread here. */
export function replaceNotification(pages: InboxPages | undefined, notification: Notification): InboxPages | undefined {
  const listed = pages ? holds(pages, notification.id) : undefined;
  if (!pages || !listed) return pages;
  const drop = isUnread(listed) && !isUnread(notification) ? 1 : 0;
  return {
    ...pages,
    pages: pages.pages.map((page, index) => ({
      notifications: page.notifications.map((candidate) => (candidate.id === notification.id ? notification : candidate)),
      unreadCount: index === 0 ? Math.max(0, page.unreadCount - drop) : page.unreadCount,
    })),
  };
}

/** After "mark all as read": every listed notification read at `readAt`, none unread. */
export function markAllRead(pages: InboxPages | undefined, readAt: string): InboxPages | undefined {
  if (!pages) return pages;
  return {
    ...pages,
    pages: pages.pages.map((page) => ({
      notifications: page.notifications.map((candidate) => (isUnread(candidate) ? { ...candidate, readAt } : candidate)),
      unreadCount: 0,
    })),
  };
}
