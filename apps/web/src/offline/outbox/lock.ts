// The lock every outbox sends under, so that two tabs of the device never send the same item twice:
// the Web Locks API, which the browser releases when the tab holding it closes or is killed. Where a
// browser has no Web Locks, each tab sends alone (each item still carries the id the server
// deduplicates on).

/** The Web Locks API's request: `hold` runs once this tab has the lock, which it keeps until `hold` settles. */
export type LockRequest = (name: string, hold: () => Promise<void>) => Promise<void>;

/** One lock per outbox, under the names earlier versions used (a tab still on one shares it). */
export const OUTBOX_LOCK = {
  uploads: 'ridgeline-upload-queue',
  chat: 'ridgeline-chat-outbox',
  shingles: 'ridgeline-shingle-outbox',
} as const;

/** The browser's locks, or null where it has none. */
export function browserLock(): LockRequest | null {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return null;
  return async (name, hold) => {
    await locks.request(name, hold);
  };
}

/** Runs `task` while holding the lock `name` (at once with no lock) and resolves with what it returned. */
export function underLock<T>(lock: LockRequest | null, name: string, task: () => Promise<T>): Promise<T> {
  if (!lock) return task();
  return new Promise<T>((resolve, reject) => {
    lock(name, () => task().then(resolve, reject)).catch(reject);
  });
}
