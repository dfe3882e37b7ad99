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
