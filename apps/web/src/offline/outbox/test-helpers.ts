import type { OutboxNetwork } from './network';

/** A network a test switches on and off; every listener hears the change. */
export function fakeNetwork(initial = true): OutboxNetwork & { set: (online: boolean) => void } {
  let online = initial;
  const listeners = new Set<(online: boolean) => void>();
  return {
    isOnline: () => online,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      online = next;
      for (const listener of listeners) listener(next);
    },
  };
}
