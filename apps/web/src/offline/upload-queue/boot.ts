// Starts the upload queue for the signed-in user once the browser is idle, and only on a device that
// has a queue (its database exists: photos were queued here before): the queue's code and IndexedDB's
// library load after the page in front of the user, and not at all for someone who never captured
// photos on this device. Queueing the first photo starts the queue from the capture screen instead.
// Only this file and presence.ts are imported by the shell.
import { UPLOAD_DB_NAME } from './presence';

/** Whether this device may have queued photos: false only when IndexedDB says the queue's database does not exist. */
export async function deviceHasUploadQueue(): Promise<boolean> {
  try {
    if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return true;
    const databases = await indexedDB.databases();
    return databases.some((db) => db.name === UPLOAD_DB_NAME);
  } catch {
    return true;
  }
}

type IdleWindow = {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

/** The longest the start may be put off while the browser stays busy (ms). */
const IDLE_TIMEOUT_MS = 2000;

/** Starts sending `userId`'s queued photos when idle; the returned function stops it (sign-out, another user). */
export function startUploadQueueWhenIdle(userId: string): () => void {
  let stop: (() => void) | null = null;
  let cancelled = false;
  const begin = () => {
    void deviceHasUploadQueue()
      .then(async (has) => {
        if (!has || cancelled) return;
        const queue = await import('./index');
        if (!cancelled) stop = queue.startUploadQueue(userId);
      })
      .catch((error: unknown) => console.warn('The upload queue could not start', error));
  };
  const host = window as unknown as IdleWindow;
  let cancelWait: () => void;
  if (host.requestIdleCallback && host.cancelIdleCallback) {
    const id = host.requestIdleCallback(begin, { timeout: IDLE_TIMEOUT_MS });
    cancelWait = () => host.cancelIdleCallback?.(id);
  } else {
    const id = window.setTimeout(begin, 500);
    cancelWait = () => window.clearTimeout(id);
  }
  return () => {
    cancelled = true;
    cancelWait();
    stop?.();
  };
}

/** This user's photos not uploaded yet, or 0 when the queue cannot be read (nothing is ever deleted on sign-out). */
export async function countWaitingPhotos(userId: string): Promise<number> {
  try {
    if (!(await deviceHasUploadQueue())) return 0;
    const queue = await import('./index');
    return await queue.countWaitingUploads(userId);
  } catch (error) {
    console.warn('The upload queue could not be read', error);
    return 0;
  }
}
