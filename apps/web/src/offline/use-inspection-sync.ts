import { useEffect } from 'react';
import { setActiveInspectionUser } from './inspection-sync-events';
import { INSPECTION_DB_NAME } from './inspection-db-name';

// Starts the local inspection store's sync for the signed-in user (on start, on 'online', after
// local writes). The field screens start it at once. The app shell starts it only when the browser
// is idle and this user has sessions on the device, so a signed-in first load that has nothing to
// sync never downloads the store (IndexedDB library included): one raw IndexedDB count decides.

/** Whether the device holds inspection sessions of this user (without loading the store). */
export function hasLocalInspections(userId: string): Promise<boolean> {
  return new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(false);
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(INSPECTION_DB_NAME);
    } catch {
      return resolve(false);
    }
    // No database yet: nothing was ever stored; do not create it here.
    request.onupgradeneeded = () => {
      request.transaction?.abort();
      resolve(false);
    };
    request.onerror = () => resolve(false);
    request.onsuccess = () => {
      const db = request.result;
      try {
        if (!db.objectStoreNames.contains('sessions')) {
          db.close();
          return resolve(false);
        }
        const count = db.transaction('sessions', 'readonly').objectStore('sessions').index('userId').count(userId);
        count.onsuccess = () => {
          db.close();
          resolve(count.result > 0);
        };
        count.onerror = () => {
          db.close();
          resolve(false);
        };
      } catch {
        db.close();
        resolve(false);
      }
    };
  });
}

function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 10_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 2_000);
  return () => clearTimeout(timer);
}

/** Runs the sync for `userId` while mounted; `deferred` (the shell) waits for idle time and for sessions on the device. */
export function useInspectionSync(userId: string | undefined, { deferred = false }: { deferred?: boolean } = {}): void {
  useEffect(() => {
    if (!userId) return;
    setActiveInspectionUser(userId);
    let live = true;
    let stop: (() => void) | undefined;
    const start = () => {
      import('./inspection-sync')
        .then(({ startInspectionSync }) => {
          if (live) stop = startInspectionSync(userId);
        })
        .catch((error: unknown) => console.warn('Inspection sync could not start.', error));
    };
    const cancelIdle = deferred
      ? whenIdle(() => {
          void hasLocalInspections(userId).then((has) => {
            if (has && live) start();
          });
        })
      : (start(), undefined);
    return () => {
      live = false;
      cancelIdle?.();
      stop?.();
    };
  }, [userId, deferred]);
}
