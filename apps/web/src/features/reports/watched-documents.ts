import { useSyncExternalStore } from 'react';

// The documents this user started in this tab (a report, a packet, a render again): the watcher
// follows each until its PDF is ready or failed, then forgets it.

let watched: readonly string[] = [];
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function watchDocument(id: string): void {
  if (watched.includes(id)) return;
  watched = [...watched, id];
  emit();
}

/** Forgets a document; answers whether it was still watched, so only one watcher tells the user. */
export function unwatchDocument(id: string): boolean {
  if (!watched.includes(id)) return false;
  watched = watched.filter((w) => w !== id);
  emit();
  return true;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useWatchedDocuments(): readonly string[] {
  return useSyncExternalStore(
    subscribe,
    () => watched,
    () => watched,
  );
}

/** Forgets every watched document (tests start from nothing). */
export function resetWatchedDocuments(): void {
  watched = [];
  emit();
}
