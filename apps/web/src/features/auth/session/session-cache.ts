// Cached auth data for offline use (spec section 9): entries last 7 days, at most 5 are kept.
export const CACHE_TTL_MS = 604_800_000;
export const CACHE_MAX_ENTRIES = 5;
const STORAGE_KEY = 'ridgeline.auth-cache';

export type SessionUser = { id: string; email: string; name: string; twoFactorEnabled?: boolean };
type Entry = { user: SessionUser; savedAt: number };

export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The session cache over localStorage (or any key-value store, for tests). */
export function createSessionCache(store: KeyValueStore, now: () => number = Date.now) {
  function read(): Entry[] {
    try {
      const parsed = JSON.parse(store.getItem(STORAGE_KEY) ?? '[]') as unknown;
      if (!Array.isArray(parsed)) return [];
      return (parsed as Entry[]).filter((e) => e && typeof e.savedAt === 'number' && now() - e.savedAt < CACHE_TTL_MS);
    } catch {
      return [];
    }
  }
  function write(entries: Entry[]) {
    store.setItem(STORAGE_KEY, JSON.stringify(entries));
  }
  return {
    /** The most recently saved, unexpired user. */
    latest(): SessionUser | null {
      const entries = read();
      return entries.reduce<Entry | null>((best, e) => (!best || e.savedAt > best.savedAt ? e : best), null)?.user ?? null;
    },
    /** Saves (or refreshes) a user's entry, keeping the newest five. */
    put(user: SessionUser) {
      const others = read().filter((e) => e.user.id !== user.id);
      const entries = [...others, { user, savedAt: now() }].sort((a, b) => b.savedAt - a.savedAt).slice(0, CACHE_MAX_ENTRIES);
      write(entries);
    },
    remove(userId: string) {
      write(read().filter((e) => e.user.id !== userId));
    },
    size(): number {
      return read().length;
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
