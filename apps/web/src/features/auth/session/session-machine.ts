import type { SessionCache, SessionUser } from './session-cache';

// The client session state machine of spec section 4.
export type SessionStatus = 'loading' | 'none' | 'authenticated' | 'cached' | 'expired';
export type SessionState = { status: SessionStatus; user: SessionUser | null };
export type AuthEvent = 'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED';

export const REFRESH_INTERVAL_MS = 50 * 60_000;
export const REFRESH_ATTEMPTS = 3;
export const RETRY_BASE_MS = 1000;
export const DUPLICATE_EVENT_MS = 500;
export const CACHED_SESSION_WARNING = 'Using cached session - some features may be limited';

export type SessionMachineDeps = {
  /** The server's session: a user, null when signed out; throws when it cannot be reached. */
  fetchSession: () => Promise<SessionUser | null>;
  cache: SessionCache;
  isOnline: () => boolean;
  now?: () => number;
  warn?: (message: string) => void;
};

export function createSessionMachine(deps: SessionMachineDeps) {
  const now = deps.now ?? Date.now;
  const warn = deps.warn ?? ((message: string) => console.warn(message));
  let state: SessionState = { status: 'loading', user: null };
  const listeners = new Set<(state: SessionState) => void>();
  let refreshTimer: ReturnType<typeof setTimeout> | null = null;
  let lastEvent: { type: AuthEvent; at: number } | null = null;
  let inFlight: Promise<void> | null = null;
  let stopped = false;

  function set(next: SessionState) {
    state = next;
    if (refreshTimer) clearTimeout(refreshTimer);
    refreshTimer = null;
    // While authenticated the session is refreshed every 50 minutes.
    if (next.status === 'authenticated' && !stopped) refreshTimer = setTimeout(() => void refresh(), REFRESH_INTERVAL_MS);
    for (const listener of listeners) listener(state);
  }

  function authenticated(user: SessionUser) {
    deps.cache.put(user);
    set({ status: 'authenticated', user });
  }

  async function attemptRefresh(): Promise<void> {
    if (!deps.isOnline()) {
      const cached = deps.cache.latest();
      set(cached ? { status: 'cached', user: cached } : { status: 'none', user: null });
      return;
    }
    for (let attempt = 1; attempt <= REFRESH_ATTEMPTS; attempt++) {
      try {
        const user = await deps.fetchSession();
        if (user) authenticated(user);
        else set({ status: 'none', user: null });
        return;
      } catch {
        // 1 s, then 2 s between the three attempts (architecture.md's retry rule).
        if (attempt < REFRESH_ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, RETRY_BASE_MS * 2 ** (attempt - 1)));
      }
    }
    const cached = deps.cache.latest();
    if (!deps.isOnline() && cached) {
      warn(CACHED_SESSION_WARNING);
      set({ status: 'expired', user: cached });
      return;
    }
    set({ status: 'none', user: null });
  }

  /** Refreshes the session; concurrent calls share one refresh. */
  function refresh(): Promise<void> {
    inFlight ??= attemptRefresh().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  /** Applies an auth event; the same event again within 500 ms is ignored. */
  function handleEvent(type: AuthEvent, user: SessionUser | null): boolean {
    const at = now();
    if (lastEvent && lastEvent.type === type && at - lastEvent.at < DUPLICATE_EVENT_MS) return false;
    lastEvent = { type, at };
    if (type === 'SIGNED_OUT') {
      if (state.user) deps.cache.remove(state.user.id);
      set({ status: 'none', user: null });
    } else if (user) {
      authenticated(user);
    }
    return true;
  }

  return {
    getState: () => state,
    subscribe(listener: (state: SessionState) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh,
    handleEvent,
    /** Going online triggers a refresh. */
    onOnline: () => refresh(),
    stop() {
      stopped = true;
      if (refreshTimer) clearTimeout(refreshTimer);
      listeners.clear();
    },
  };
}

export type SessionMachine = ReturnType<typeof createSessionMachine>;
