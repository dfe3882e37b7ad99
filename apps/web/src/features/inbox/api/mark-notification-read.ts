import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationSchema } from '@ridgeline/shared/contracts/chat';
import { api } from '../../../lib/api-client';
import { replaceNotification, type InboxPages } from '../inbox-cache';
import { inboxKeys } from './inbox-keys';

// POST /api/notifications/:id/read: marks one of mine read and answers it (another's is 404). The
// list takes the answer in place and the navigation's count is read again. The cache is changed in
// the hook's own options, so opening a notification's link (which leaves the page) still records it.

export function markNotificationRead(id: string) {
  return api.post(`/api/notifications/${encodeURIComponent(id)}/read`, undefined, { schema: notificationSchema });
}

export function useMarkNotificationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: (notification) => {
      client.setQueryData<InboxPages>(inboxKeys.list, (pages) => replaceNotification(pages, notification));
      return client.invalidateQueries({ queryKey: inboxKeys.unread });
    },
  });
}
