// Starts the upload queue for the signed-in user once the browser is idle: the queue's code (and
// IndexedDB's library) loads after the page in front of the user, never as part of the first load.
// Only this file and presence.ts are imported by the shell.

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
    void import('./index')
      .then((queue) => {
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
    const queue = await import('./index');
    return await queue.countWaitingUploads(userId);
  } catch (error) {
    console.warn('The upload queue could not be read', error);
    return 0;
  }
}
