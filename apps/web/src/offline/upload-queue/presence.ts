// Whether the signed-in user has anything in the upload queue. The shell reads it to mount the
// upload panel only then; the engine (loaded after the first paint) writes it. No dependencies, so
// the shell's first load carries none of the queue's code.

type Listener = () => void;
let hasItems = false;
const listeners = new Set<Listener>();

export const uploadQueuePresence = {
  get: (): boolean => hasItems,
  set(next: boolean): void {
    if (next === hasItems) return;
    hasItems = next;
    for (const listener of listeners) listener();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
