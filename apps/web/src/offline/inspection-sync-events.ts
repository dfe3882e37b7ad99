// What the inspection sync tells the rest of the app, with no IndexedDB code of its own (the session
// sync gate and the upload queue subscribe without loading the store): a session reached the server.

type Listener = (sessionId: string) => void;
const listeners = new Set<Listener>();

/** Calls `listener` with the id of each session once the server has created it; returns the unsubscribe. */
export function onSessionSynced(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitSessionSynced(sessionId: string): void {
  for (const listener of [...listeners]) listener(sessionId);
}

// The user whose sessions the app holds now (the signed-in one): screens that do not pass a user
// read the store for this one.
let activeUserId: string | null = null;
const activeListeners = new Set<() => void>();

export function activeInspectionUser(): string | null {
  return activeUserId;
}

export function setActiveInspectionUser(userId: string | null): void {
  if (userId === activeUserId) return;
  activeUserId = userId;
  for (const listener of [...activeListeners]) listener();
}

export function subscribeActiveInspectionUser(listener: () => void): () => void {
  activeListeners.add(listener);
  return () => activeListeners.delete(listener);
}
