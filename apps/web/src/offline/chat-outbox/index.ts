// The chat outbox: every message the user sends is kept in IndexedDB, shown in its thread as
// pending, and sent in order, exactly once: at once when there is a network, when the connection
// returns otherwise (see engine.ts). Threads start it while they are open, queue messages and read
// the pending ones of their conversation.
import { useEffect, useSyncExternalStore } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { messageResponseSchema, type ChatMessage } from '@ridgeline/shared/contracts/chat';
import { api } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { browserLock } from '../outbox/lock';
import { browserNetwork } from '../outbox/network';
import { openChatOutboxDb, type ChatOutboxDb, type OutboxMessage } from './db';
import { createChatOutbox, type ChatOutbox } from './engine';

export type { OutboxMessage } from './db';

let db: ChatOutboxDb | null = null;
function outboxDb(): ChatOutboxDb {
  db ??= openChatOutboxDb();
  return db;
}

type SentListener = (message: ChatMessage) => void;
const sentListeners = new Set<SentListener>();

/** Hears every message the outbox delivered (the thread merges it before the pending copy goes). */
export function subscribeOutboxSent(listener: SentListener): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

type DroppedListener = (queued: OutboxMessage) => void;
const droppedListeners = new Set<DroppedListener>();

/** Hears every message the server refused for good (after 'Failed to send' was said). */
export function subscribeOutboxDropped(listener: DroppedListener): () => void {
  droppedListeners.add(listener);
  return () => droppedListeners.delete(listener);
}

function sendQueued(queued: OutboxMessage): Promise<ChatMessage> {
  return api
    .post(
      `/api/chat/conversations/${encodeURIComponent(queued.conversationId)}/messages`,
      { clientId: queued.clientId, content: queued.content, mentions: queued.mentions },
      { schema: messageResponseSchema },
    )
    .then(({ message }) => message);
}

let outbox: ChatOutbox | null = null;
function chatOutbox(): ChatOutbox {
  outbox ??= createChatOutbox({
    db: outboxDb(),
    send: sendQueued,
    network: browserNetwork,
    lock: browserLock(),
    onSent: (message) => {
      for (const listener of sentListeners) listener(message);
    },
    onDropped: (queued, error) => {
      notify.error('Failed to send', errorText(error));
      for (const listener of droppedListeners) listener(queued);
    },
  });
  return outbox;
}

let starts = 0;

/** Sends `userId`'s waiting messages until the returned function is called (and no other holder remains). */
export function holdChatOutbox(userId: string): () => void {
  starts += 1;
  chatOutbox().start(userId);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    starts -= 1;
    if (starts === 0) chatOutbox().stop();
  };
}

/** Sends `userId`'s waiting messages while at least one caller holds it started. */
export function useChatOutbox(userId: string | null): void {
  useEffect(() => (userId ? holdChatOutbox(userId) : undefined), [userId]);
}

/** Keeps a message and sends it after those written before it: at once online, when the connection returns otherwise. */
export function queueChatMessage(message: Omit<OutboxMessage, 'createdAt'>): Promise<OutboxMessage> {
  return chatOutbox().enqueue(message);
}

/** The messages of `conversationId` still waiting, oldest first (live). */
export function usePendingMessages(userId: string | null, conversationId: string): OutboxMessage[] {
  return (
    useLiveQuery(async () => {
      if (!userId) return [];
      const waiting = await outboxDb().messages.where('[userId+conversationId]').equals([userId, conversationId]).toArray();
      return waiting.sort((a, b) => a.createdAt - b.createdAt);
    }, [userId, conversationId]) ?? []
  );
}

function subscribeWaiting(listener: () => void): () => void {
  const unsubscribeNetwork = browserNetwork.subscribe(listener);
  const unsubscribeOutbox = chatOutbox().subscribeWaiting(listener);
  return () => {
    unsubscribeNetwork();
    unsubscribeOutbox();
  };
}

/** Whether pending messages wait for the connection (offline, or the last try did not reach the server) rather than being sent now. */
export function useOutboxWaiting(): boolean {
  return useSyncExternalStore(
    subscribeWaiting,
    () => !browserNetwork.isOnline() || chatOutbox().isWaiting(),
    () => false,
  );
}
