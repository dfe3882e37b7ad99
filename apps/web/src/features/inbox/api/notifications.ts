import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { notificationsResponseSchema, type NotificationsResponse } from '@ridgeline/shared/contracts/chat';
import { api } from '../../../lib/api-client';
import { inboxKeys, INBOX_PAGE_SIZE } from './inbox-keys';

// GET /api/notifications?limit=&before=: my notifications newest first and how many are unread;
// `before` (a notification's id) reads the page after it.

export function fetchNotifications({ before, limit = INBOX_PAGE_SIZE }: { before?: string; limit?: number } = {}): Promise<NotificationsResponse> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (before) query.set('before', before);
  return api.get(`/api/notifications?${query.toString()}`, { schema: notificationsResponseSchema });
}

/** The inbox, a page at a time: the next page starts after the last notification of a full page. */
export function useNotifications() {
  return useInfiniteQuery({
    queryKey: inboxKeys.list,
    queryFn: ({ pageParam }) => fetchNotifications({ before: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.notifications.length < INBOX_PAGE_SIZE ? undefined : last.notifications.at(-1)?.id),
  });
}

/** How many of my notifications are unread (the navigation's badge): one notification read for its count. */
export function useUnreadNotifications(enabled: boolean) {
  return useQuery({
    queryKey: inboxKeys.unread,
    queryFn: () => fetchNotifications({ limit: 1 }),
    select: (data) => data.unreadCount,
    enabled,
    staleTime: 60_000,
  });
}
