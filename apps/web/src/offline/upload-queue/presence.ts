// Two small stores the signed-in shell shares with the queue, with no dependencies so the shell's
// first load carries none of the queue's code:
// - whose queue the screens show: the signed-in user, set by the shell as soon as it knows them;
// - whether that user has anything in the queue: written by the engine (loaded when the page is
//   idle), read by the shell to mount the upload panel only then.

/** The upload queue's IndexedDB database. */
export const UPLOAD_DB_NAME = 'ridgeline-uploads';

type Listener = () => void;

function createStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<Listener>();
  return {
    get: (): T => value,
    set(next: T): void {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The signed-in user whose queue the screens and the panel show (null when nobody is signed in). */
export const uploadQueueUser = createStore<string | null>(null);

/** Whether the signed-in user has photos in the queue. */
export const uploadQueuePresence = createStore(false);
