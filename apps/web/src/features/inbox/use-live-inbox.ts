import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Notification } from '@ridgeline/shared/contracts/chat';
import { subscribeRealtime } from '../../lib/realtime/realtime-client';
import { inboxKeys } from './api/inbox-keys';
import { prependNotification, type InboxPages } from './inbox-cache';

/**
 * Keeps the inbox live while it is shown: a notification the socket brings goes on top of the list
 * (once, even if a refetch already has it) and the unread count is read again; after every
 * (re)connection (`ready`) the inbox is read again, for whatever came while the socket was down.
 */
export function useLiveInbox({ enabled = true, onArrival }: { enabled?: boolean; onArrival?: (notification: Notification) => void } = {}): void {
  const client = useQueryClient();
  const arrival = useRef(onArrival);
  useEffect(() => {
    arrival.current = onArrival;
  }, [onArrival]);

  useEffect(() => {
    if (!enabled) return undefined;
    return subscribeRealtime((event) => {
      if (event.type === 'ready') {
        void client.invalidateQueries({ queryKey: inboxKeys.all });
      } else if (event.type === 'notification') {
        client.setQueryData<InboxPages>(inboxKeys.list, (pages) => prependNotification(pages, event.notification));
        void client.invalidateQueries({ queryKey: inboxKeys.unread });
        arrival.current?.(event.notification);
      }
    });
  }, [client, enabled]);
}
