import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { markAllRead, type InboxPages } from '../inbox-cache';
import { inboxKeys } from './inbox-keys';

// POST /api/notifications/read-all: marks every unread notification of mine read; answers how many.

const readAllResponseSchema = z.object({ updated: z.number().int().min(0) });

export function markAllNotificationsRead() {
  return api.post('/api/notifications/read-all', undefined, { schema: readAllResponseSchema });
}

export function useMarkAllNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => {
      client.setQueryData<InboxPages>(inboxKeys.list, (pages) => markAllRead(pages, new Date().toISOString()));
      return client.invalidateQueries({ queryKey: inboxKeys.unread });
    },
  });
}
