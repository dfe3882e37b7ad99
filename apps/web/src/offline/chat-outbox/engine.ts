import type { ChatMessage } from '@ridgeline/shared/contracts/chat';
import { OUTBOX_LOCK, underLock, type LockRequest } from '../outbox/lock';
import type { OutboxNetwork } from '../outbox/network';
import { mayPass, retryDelayMs } from '../outbox/retry';
import type { ChatOutboxDb, OutboxMessage } from './db';

// Sends the outbox, oldest first, one at a time: a message leaves the outbox only after the server
// answered it (sending it again after a lost answer is harmless: the server answers the stored
// message for the same client id). A failure that may pass (the outboxes' retry rule, outbox/retry.ts:
// no network, a timeout, a 429, a server error, a signed-out session) stops the run and keeps the
// order: it resumes when the connection returns or after the backoff's pause (1 s, doubling up to
// 30 s). Any other refusal will never succeed: that message is dropped and reported. With several tabs
// open one sends at a time (the outboxes' lock); the others find the outbox already empty. Every
// message the user sends goes through here, online or not, so two sent in quick succession leave in
// the order they were written.
// While a failure that may pass (or no network) holds the outbox, it is `waiting`: a thread says its
// pending messages go when the connection returns, instead of that they are being sent.

export type ChatOutboxDeps = {
  db: ChatOutboxDb;
  send: (message: OutboxMessage) => Promise<ChatMessage>;
  network: OutboxNetwork;
  lock: LockRequest | null;
  /** The server stored it (called before it leaves the outbox, so a thread never shows it missing). */
  onSent: (message: ChatMessage, queued: OutboxMessage) => void;
  /** The server refused it for good. */
  onDropped: (queued: OutboxMessage, error: unknown) => void;
  log?: (message: string, error: unknown) => void;
  /** The pause before trying again after `failures` failures in a row that may pass (ms); the outboxes' backoff unless a test says. */
  retryDelay?: (failures: number) => number;
};

export type ChatOutbox = {
  /** Starts sending `userId`'s messages (now, and whenever the connection returns). */
  start: (userId: string) => void;
  stop: () => void;
  /** Keeps a message and sends it as soon as it can. */
  enqueue: (message: Omit<OutboxMessage, 'createdAt'>) => Promise<OutboxMessage>;
  /** Sends what waits now; resolves when this run is over. */
  flush: () => Promise<void>;
  /** Whether a failure that may pass, or no network, holds the messages back. */
  isWaiting: () => boolean;
  /** Hears every change of `isWaiting`. */
  subscribeWaiting: (listener: () => void) => () => void;
};

export function createChatOutbox(deps: ChatOutboxDeps): ChatOutbox {
  const log = deps.log ?? ((message, error) => console.warn(message, error));
  let userId: string | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let unsubscribe: (() => void) | null = null;
  let lastCreatedAt = 0;
  let waiting = false;
  /** Failures in a row that may pass: the backoff's count, back to 0 once a message is sent. */
  let failures = 0;
  const retryDelay = deps.retryDelay ?? retryDelayMs;
  const waitingListeners = new Set<() => void>();

  function setWaiting(next: boolean): void {
    if (waiting === next) return;
    waiting = next;
    for (const listener of waitingListeners) listener();
  }

  async function oldest(user: string): Promise<OutboxMessage | undefined> {
    return deps.db.messages.where('[userId+createdAt]').between([user, -Infinity], [user, Infinity]).first();
  }

  function retryLater(): void {
    if (retryTimer || userId === null) return;
    failures += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void flush();
    }, retryDelay(failures));
  }

  /** Sends until the outbox is empty or offline; false when a failure that may pass stopped it. */
  async function drain(user: string): Promise<boolean> {
    while (userId === user) {
      const next = await oldest(user);
      if (!next) {
        setWaiting(false);
        return true;
      }
      if (!deps.network.isOnline()) {
        setWaiting(true);
        return true;
      }
      // Stopped (signed out, the last thread closed) while reading: nothing more leaves.
      if (userId !== user) return true;
      try {
        const stored = await deps.send(next);
        failures = 0;
        setWaiting(false);
        deps.onSent(stored, next);
        await deps.db.messages.delete(next.clientId);
      } catch (error) {
        if (mayPass(error)) {
          setWaiting(true);
          retryLater();
          return false;
        }
        await deps.db.messages.delete(next.clientId);
        deps.onDropped(next, error);
      }
    }
    return true;
  }

  async function runOnce(): Promise<boolean> {
    const user = userId;
    if (!user) return true;
    return underLock(deps.lock, OUTBOX_LOCK.chat, () => drain(user));
  }

  function flush(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    // Asked again while sending: one more pass, unless a failure stopped this one (the pause decides).
    running = (async () => {
      let drained = true;
      do {
        again = false;
        try {
          drained = await runOnce();
        } catch (error) {
          log('The chat outbox could not be sent', error);
          retryLater();
          drained = false;
        }
      } while (again && drained);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    start(user) {
      if (userId === user) return;
      userId = user;
      unsubscribe?.();
      unsubscribe = deps.network.subscribe(() => {
        if (deps.network.isOnline()) void flush();
      });
      void flush();
    },
    stop() {
      userId = null;
      unsubscribe?.();
      unsubscribe = null;
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
    },
    async enqueue(message) {
      // Strictly increasing, so two messages written in the same millisecond keep their order.
      lastCreatedAt = Math.max(Date.now(), lastCreatedAt + 1);
      const queued: OutboxMessage = { ...message, createdAt: lastCreatedAt };
      await deps.db.messages.add(queued);
      void flush();
      return queued;
    },
    flush,
    isWaiting: () => waiting,
    subscribeWaiting(listener) {
      waitingListeners.add(listener);
      return () => waitingListeners.delete(listener);
    },
  };
}
