import type { SessionCache, SessionUser } from './session-cache';

// The client session state machine. 'loading' is only the state before the first
// refresh settles; after that the status is always one of the four below.
export type SessionStatus = 'loading' | 'none' | 'authenticated' | 'cached' | 'expired';
export type SessionState = { status: SessionStatus; user: SessionUser | null };
export type AuthEvent = 'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED';

export const REFRESH_INTERVAL_MS = 50 * 60_000;
export const REFRESH_ATTEMPTS = 3;
export const RETRY_BASE_MS = 1000;
export const DUPLICATE_EVENT_MS = 500;
export const CACHED_SESSION_WARNING = 'Using cached session - some features may be limited';

/** The network as the machine sees it: the browser's navigator.onLine and its 'online' event. */
export type Network = { isOnline: () => boolean; onOnline: (listener: () => void) => () => void };

export type SessionMachineDeps = {
  /** The server's session: a user, null when signed out; throws when it cannot be reached. */
  fetchSession: () => Promise<SessionUser | null>;
  cache: SessionCache;
  network: Network;
  now?: () => number;
  warn?: (message: string) => void;
};

/** Delay before retry number `attempt` (1-based): 1 s, then 2 s: three attempts in all, the wait doubling. */
export function retryDelay(attempt: number): number {
  return RETRY_BASE_MS * 2 ** (attempt - 1);
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createSessionMachine(deps: SessionMachineDeps) {
  const now = deps.now ?? Date.now;
  const warn = deps.warn ?? ((message: string) => console.warn(message));
  const listeners = new Set<(state: SessionState) => void>();
  let state: SessionState = { status: 'loading', user: null };
  let refreshTimer: ReturnType<typeof setTimeout> | null = null;
  let lastEvent: { key: string; at: number } | null = null;
  let inFlight: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  // Bumped by every auth event, so a refresh that started before a sign-in or sign-out cannot undo it.
  let generation = 0;
  // Timers and the online listener only run between start() and its disposer (React mounts twice in dev).
  let active = false;
  let unsubscribeOnline: (() => void) | null = null;

  function clearRefreshTimer(): void {
    if (refreshTimer) clearTimeout(refreshTimer);
    refreshTimer = null;
  }

  function scheduleRefresh(): void {
    clearRefreshTimer();
    // While authenticated the session is refreshed every 50 minutes.
    if (active && state.status === 'authenticated') refreshTimer = setTimeout(() => void refresh(), REFRESH_INTERVAL_MS);
  }

  function set(next: SessionState): void {
    state = next;
    scheduleRefresh();
    for (const listener of listeners) listener(state);
  }

  function authenticate(user: SessionUser): void {
    deps.cache.put(user);
    set({ status: 'authenticated', user });
  }

  async function attemptRefresh(): Promise<void> {
    const started = generation;
    const settle = (apply: () => void) => {
      if (started === generation) apply();
    };
    // Offline: no session can be fetched, so the cached one is used (no session found while
    // offline with a cached session gives cached).
    if (!deps.network.isOnline()) {
      const cached = deps.cache.latest();
      settle(() => set(cached ? { status: 'cached', user: cached } : { status: 'none', user: null }));
      return;
    }
    for (let attempt = 1; attempt <= REFRESH_ATTEMPTS; attempt++) {
      try {
        const user = await deps.fetchSession();
        settle(() => (user ? authenticate(user) : set({ status: 'none', user: null })));
        return;
      } catch {
        if (attempt < REFRESH_ATTEMPTS) await wait(retryDelay(attempt));
      }
    }
    const cached = deps.cache.latest();
    if (!deps.network.isOnline() && cached) {
      warn(CACHED_SESSION_WARNING);
      settle(() => set({ status: 'expired', user: cached }));
      return;
    }
    settle(() => set({ status: 'none', user: null }));
  }

  function run(): Promise<void> {
    inFlight = attemptRefresh().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  /**
   * Refreshes the session. A refresh asked for while one is running reads the session once more
   * after it, so whatever changed since the running one was sent (two-factor just turned on, the new
   * cookie of a replaced session) is what the state ends on; every call asked for meanwhile shares
   * that one second read.
   */
  function refresh(): Promise<void> {
    if (!inFlight) return run();
    queued ??= inFlight.then(() => {
      queued = null;
      return run();
    });
    return queued;
  }

  /** Applies an auth event; the same event for the same user again within 500 ms is ignored. */
  function handleEvent(type: AuthEvent, user: SessionUser | null = null): boolean {
    const at = now();
    const key = `${type}:${user?.id ?? ''}`;
    if (lastEvent && lastEvent.key === key && at - lastEvent.at < DUPLICATE_EVENT_MS) return false;
    lastEvent = { key, at };
    generation++;
    if (type === 'SIGNED_OUT') {
      deps.cache.clear();
      set({ status: 'none', user: null });
    } else if (user) {
      authenticate(user);
    }
    return true;
  }

  return {
    getState: (): SessionState => state,
    subscribe(listener: (state: SessionState) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Starts the machine: a first refresh, and a refresh whenever the browser comes back online. Returns the stop function. */
    start(): () => void {
      active = true;
      unsubscribeOnline ??= deps.network.onOnline(() => void refresh());
      scheduleRefresh();
      void refresh();
      return () => {
        active = false;
        clearRefreshTimer();
        unsubscribeOnline?.();
        unsubscribeOnline = null;
      };
    },
    refresh,
    handleEvent,
  };
}

export type SessionMachine = ReturnType<typeof createSessionMachine>;
