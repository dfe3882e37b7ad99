import { useEffect, useSyncExternalStore } from 'react';

// Whether this phone can open every field screen with no signal, and what is still downloading until
// it can: the offline copy of the app (the service worker: once it is active, its precache of every
// built file, each lazy screen among them, is complete; docs/decisions/006-service-worker.md) and the
// field screens' code in this page (fetched as soon as a field screen is open, so moving between
// field screens works even before the copy is saved). The field hub shows it.

/** The offline copy of the app: being saved, saved, or not kept by this browser at all. */
export type OfflineCopy = 'saving' | 'saved' | 'unavailable';

export type OfflineReadiness = {
  copy: OfflineCopy;
  /** The field screens whose code is loaded in this page, of how many; total 0 before it starts. */
  screens: { loaded: number; total: number; failed: number };
};

let state: OfflineReadiness = { copy: 'saving', screens: { loaded: 0, total: 0, failed: 0 } };
const listeners = new Set<() => void>();

function update(next: Partial<OfflineReadiness>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The readiness now. */
export const readOfflineReadiness = (): OfflineReadiness => state;
const read = readOfflineReadiness;

/** The field screens' code: how many are loaded (and failed) of how many. */
export function reportFieldScreens(screens: OfflineReadiness['screens']): void {
  update({ screens });
}

/** The browser will not keep the app (no service worker, or its registration failed). */
export function reportOfflineCopyUnavailable(): void {
  update({ copy: 'unavailable' });
}

let watching = false;

/**
 * Follows the service worker until the app's copy is saved: at once when a worker is already active,
 * else when `navigator.serviceWorker.ready` resolves (the install, and so the precache, is done).
 * Development builds register no worker: there the copy is unavailable.
 */
export function watchOfflineCopy(env: { prod: boolean } = { prod: import.meta.env.PROD }): void {
  if (watching) return;
  watching = true;
  if (!env.prod || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) {
    reportOfflineCopyUnavailable();
    return;
  }
  const container = navigator.serviceWorker;
  void container
    .getRegistration()
    .then((registration) => {
      if (registration?.active) update({ copy: 'saved' });
    })
    .catch(() => undefined);
  void container.ready.then(() => update({ copy: 'saved' }));
}

/** Ready for offline: the app's copy is saved and every field screen's code is loaded. */
export function isReadyForOffline(readiness: OfflineReadiness): boolean {
  const { screens } = readiness;
  return readiness.copy === 'saved' && screens.total > 0 && screens.loaded === screens.total;
}

/** The live readiness (following the service worker from the first screen that asks). */
export function useOfflineReadiness(): OfflineReadiness {
  useEffect(() => watchOfflineCopy(), []);
  return useSyncExternalStore(subscribe, read, read);
}
