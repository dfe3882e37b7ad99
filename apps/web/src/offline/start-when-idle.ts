import { whenIdle } from '../lib/when-idle';

// Background senders (the photo upload queue, the chat outbox) start once the browser is idle, and
// only on a device that holds their IndexedDB database (something was queued here before): their
// code and IndexedDB's library load after the page in front of the user, and not at all for someone
// who never queued anything on this device. Queueing the first item starts the sender from its screen.

/** Whether this device may hold the database: false only when IndexedDB says it does not exist. */
export async function deviceHasDatabase(name: string): Promise<boolean> {
  try {
    if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return true;
    const databases = await indexedDB.databases();
    return databases.some((db) => db.name === name);
  } catch {
    return true;
  }
}

/** The longest the start may be put off while the browser stays busy (ms). */
const IDLE_TIMEOUT_MS = 2000;

/**
 * Calls `start` when the browser is idle if the device holds `database`; the returned function
 * cancels the wait or stops what `start` started (sign-out, another user).
 */
export function startWhenIdle(sender: { name: string; database: string; start: () => Promise<() => void> }): () => void {
  let stop: (() => void) | null = null;
  let cancelled = false;
  const begin = () => {
    void deviceHasDatabase(sender.database)
      .then(async (has) => {
        if (!has || cancelled) return;
        const stopStarted = await sender.start();
        if (cancelled) stopStarted();
        else stop = stopStarted;
      })
      .catch((error: unknown) => console.warn(`${sender.name} could not start`, error));
  };
  const cancelWait = whenIdle(begin, { timeoutMs: IDLE_TIMEOUT_MS });
  return () => {
    cancelled = true;
    cancelWait();
    stop?.();
  };
}
