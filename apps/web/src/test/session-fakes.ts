import { vi } from 'vitest';
import { answer, json, type Reply } from './fake-server';
import { createSessionCache, type KeyValueStore, type SessionUser } from '../lib/session/session-cache';
import { fetchSessionUser } from '../lib/session/session-api';
import { createSessionMachine, type Network } from '../lib/session/session-machine';

// Fakes for the session machine's injected storage and network, and the server's session answers
// (tests only). The machine's fetchSession is always the real fetcher talking to the fake server.

// As fetchSessionUser presents them: two-factor off, account enabled.
export const alice: SessionUser = {
  id: 'u-alice',
  email: 'alice@example.com',
  name: 'Alice Roof',
  firstName: 'Alice',
  lastName: 'Roof',
  twoFactorEnabled: false,
  isEnabled: true,
};
export const bob: SessionUser = { id: 'u-bob', email: 'bob@example.com', name: 'Bob Shingle', twoFactorEnabled: false, isEnabled: true };

export const SESSION_ROUTE = 'GET /api/auth/get-session';

/** What GET /api/auth/get-session answers: `{ session, user }` for a signed-in user, null otherwise. */
export function sessionReply(user: SessionUser | null, session: { token?: string; impersonatedBy?: string } = {}): Reply {
  if (!user) return json(null);
  return json({
    session: { id: 's-1', userId: user.id, token: 'tok-this', ...session },
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      firstName: user.firstName ?? null,
      lastName: user.lastName ?? null,
      twoFactorEnabled: user.twoFactorEnabled ?? false,
      banned: user.isEnabled === false,
    },
  });
}

/** The server's session from now on: `user` signed in, or signed out (null). */
export function answerSession(user: SessionUser | null, session?: { token?: string; impersonatedBy?: string }): void {
  answer(SESSION_ROUTE, sessionReply(user, session));
}

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

/** A machine over fakes; `fetchSession` is the real fetcher (spied on), answered by the fake server. */
export function setup(options: { online?: boolean } = {}) {
  const store = memoryStore();
  const cache = createSessionCache(store, () => Date.now());
  const network = fakeNetwork(options.online ?? true);
  const fetchSession = vi.fn(fetchSessionUser);
  const warn = vi.fn<(message: string) => void>();
  const machine = createSessionMachine({ fetchSession, cache, network, warn, now: () => Date.now() });
  return { store, cache, network, fetchSession, warn, machine };
}
