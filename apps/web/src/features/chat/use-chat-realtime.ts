import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeRealtime } from '../../lib/realtime/realtime-client';
import { chatKeys } from './api/chat-keys';

/** How long the list waits after a realtime event before it is read again: a burst of messages is one read. */
export const LIST_REFRESH_DEBOUNCE_MS = 150;

/**
 * Keeps the conversation list live: a new message (carried or referenced), a new membership, or a
 * (re)connected socket reads the list again, once per burst, so previews, order and unread badges
 * follow without a reload. A membership also refreshes that conversation's members. The open
 * conversation's messages are the thread's own. `enabled: false` listens to nothing (the widget on
 * /messages, whose page listens itself).
 */
export function useChatRealtime(enabled = true): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refreshList = () => {
      if (timer !== null) return;
      timer = setTimeout(() => {
        timer = null;
        void client.invalidateQueries({ queryKey: chatKeys.conversations });
      }, LIST_REFRESH_DEBOUNCE_MS);
    };
    const unsubscribe = subscribeRealtime((event) => {
      if (event.type === 'membership') void client.invalidateQueries({ queryKey: chatKeys.conversation(event.conversationId) });
      if (event.type === 'message' || event.type === 'message-ref' || event.type === 'membership' || event.type === 'ready') refreshList();
    });
    return () => {
      unsubscribe();
      if (timer !== null) clearTimeout(timer);
    };
  }, [client, enabled]);
}
