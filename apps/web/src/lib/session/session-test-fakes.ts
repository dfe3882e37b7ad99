import { vi } from 'vitest';
import { createSessionCache, type KeyValueStore, type SessionUser } from './session-cache';
import { createSessionMachine, type Network } from './session-machine';

// Fakes for the session machine's injected storage, network and server (tests only).

export const alice: SessionUser = { id: 'u-alice', email: 'alice@example.com', name: 'Alice Roof', firstName: 'Alice', lastName: 'Roof' };
export const bob: SessionUser = { id: 'u-bob', email: 'bob@example.com', name: 'Bob Shingle' };

export function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

export function fakeNetwork(online = true): Network & { online: boolean; goOnline: () => void; listenerCount: () => number } {
  const listeners = new Set<() => void>();
  const network = {
    online,
    isOnline: () => network.online,
    onOnline(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    goOnline() {
      network.online = true;
      for (const listener of listeners) listener();
    },
    listenerCount: () => listeners.size,
  };
  return network;
}

/** A machine over fakes; `fetchSession` answers what each test queues. */
export function setup(options: { online?: boolean } = {}) {
  const store = memoryStore();
  const cache = createSessionCache(store, () => Date.now());
  const network = fakeNetwork(options.online ?? true);
  const fetchSession = vi.fn<() => Promise<SessionUser | null>>();
  const warn = vi.fn<(message: string) => void>();
  const machine = createSessionMachine({ fetchSession, cache, network, warn, now: () => Date.now() });
  return { store, cache, network, fetchSession, warn, machine };
}
