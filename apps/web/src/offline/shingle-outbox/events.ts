// What the shingle outbox tells the rest of the app, with no IndexedDB code of its own (the upload
// queue's gate subscribes without loading the outbox): an identification saved on this device reached
// the server.

type Listener = (id: string) => void;
const listeners = new Set<Listener>();

/** Calls `listener` with the id of each identification once the server has saved it; returns the unsubscribe. */
export function onShingleSaveSent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitShingleSaveSent(id: string): void {
  for (const listener of [...listeners]) listener(id);
}
