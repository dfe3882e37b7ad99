// Cached auth data for offline use: entries last 7 days, at most 5 are kept.
export const CACHE_TTL_MS = 604_800_000;
export const CACHE_MAX_ENTRIES = 5;
export const CACHE_STORAGE_KEY = 'ridgeline.auth-cache';

export type SessionUser = {
  id: string;
  email: string;
  name: string;
  firstName?: string;
  lastName?: string;
  twoFactorEnabled?: boolean;
  /** false when a platform admin disabled the account (better-auth's ban). */
  isEnabled?: boolean;
  /** The admin's user id while an admin views the product as this user (impersonation). */
  impersonatedBy?: string;
};
type Entry = { user: SessionUser; savedAt: number };

/** The slice of Storage the cache needs (localStorage in the browser, a Map-backed fake in tests). */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function isEntry(value: unknown): value is Entry {
  if (typeof value !== 'object' || value === null) return false;
  const { user, savedAt } = value as { user?: unknown; savedAt?: unknown };
  if (typeof savedAt !== 'number' || typeof user !== 'object' || user === null) return false;
  const { id, email, name } = user as { id?: unknown; email?: unknown; name?: unknown };
  return typeof id === 'string' && typeof email === 'string' && typeof name === 'string';
}

/** The session cache over a key-value store; `now` is the clock, injected for tests. */
export function createSessionCache(store: KeyValueStore, now: () => number = Date.now) {
  // Entries past their 7 days are dropped on every read, so nothing expired is ever returned.
  function read(): Entry[] {
    let parsed: unknown;
    try {
      parsed = JSON.parse(store.getItem(CACHE_STORAGE_KEY) ?? '[]');
    } catch {
      return [];
    }
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(isEntry).filter((entry) => now() - entry.savedAt < CACHE_TTL_MS);
  }

  function write(entries: Entry[]): void {
    try {
      if (entries.length === 0) store.removeItem(CACHE_STORAGE_KEY);
      else store.setItem(CACHE_STORAGE_KEY, JSON.stringify(entries));
    } catch {
      // A full or blocked storage only costs the offline fallback, never the session itself.
    }
  }

  return {
    /** The most recently saved, unexpired user, or null. */
    latest(): SessionUser | null {
      return read().reduce<Entry | null>((best, entry) => (!best || entry.savedAt > best.savedAt ? entry : best), null)?.user ?? null;
    },
    /** Saves (or refreshes) a user's entry; beyond five entries the oldest are evicted. */
    put(user: SessionUser): void {
      const others = read().filter((entry) => entry.user.id !== user.id);
      const entries = [{ user, savedAt: now() }, ...others].sort((a, b) => b.savedAt - a.savedAt);
      write(entries.slice(0, CACHE_MAX_ENTRIES));
    },
    /** Forgets one user's entry. */
    remove(userId: string): void {
      write(read().filter((entry) => entry.user.id !== userId));
    },
    /** Forgets every entry (sign-out). */
    clear(): void {
      write([]);
    },
    /** How many unexpired entries are kept. */
    size(): number {
      return read().length;
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
