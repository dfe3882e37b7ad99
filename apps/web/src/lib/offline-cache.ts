// A small localStorage-backed cache of the last answers the signed-in screens read (the user's own
// profile, company, team), so a reload with no signal still shows them. Reading with nothing cached
// throws 'No cached data available offline'. Signing out clears it.

export const OFFLINE_CACHE_PREFIX = 'ridgeline.offline.';
export const NO_OFFLINE_DATA_MESSAGE = 'No cached data available offline';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
type Stored = { savedAt: number; value: unknown };

function isStored(data: unknown): data is Stored {
  return typeof data === 'object' && data !== null && 'value' in data && typeof (data as { savedAt?: unknown }).savedAt === 'number';
}

export function createOfflineCache(store: () => Store, now: () => number = Date.now) {
  return {
    /** The value last written under `key`; throws 'No cached data available offline' when there is none. */
    read<T = unknown>(key: string): T {
      let raw: string | null = null;
      try {
        raw = store().getItem(OFFLINE_CACHE_PREFIX + key);
      } catch {
        raw = null;
      }
      if (raw !== null) {
        try {
          const data: unknown = JSON.parse(raw);
          if (isStored(data)) return data.value as T;
        } catch {
          // Corrupt entries count as nothing cached.
        }
      }
      throw new Error(NO_OFFLINE_DATA_MESSAGE);
    },
    /** Saves `value` (JSON) under `key`; false when storage refused it (full or unavailable). */
    write(key: string, value: unknown): boolean {
      try {
        store().setItem(OFFLINE_CACHE_PREFIX + key, JSON.stringify({ savedAt: now(), value } satisfies Stored));
        return true;
      } catch {
        return false;
      }
    },
    remove(key: string): void {
      try {
        store().removeItem(OFFLINE_CACHE_PREFIX + key);
      } catch {
        // Nothing to do without storage.
      }
    },
  };
}

/** Forgets every cached answer (sign-out: the next person on this device sees none of them). */
export function clearOffline(store: Pick<Storage, 'length' | 'key' | 'removeItem'> = window.localStorage): void {
  try {
    const keys: string[] = [];
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key?.startsWith(OFFLINE_CACHE_PREFIX)) keys.push(key);
    }
    for (const key of keys) store.removeItem(key);
  } catch {
    // Nothing to clear without storage.
  }
}

/**
 * Reads through the network while online and keeps the answer; with no signal, answers the last
 * kept one (or throws 'No cached data available offline'). Failures while online are real errors.
 */
export async function readThrough<T>(key: string, fetcher: () => Promise<T>): Promise<T> {
  if (!navigator.onLine) return readOffline<T>(key);
  const value = await fetcher();
  writeOffline(key, value);
  return value;
}

const cache = createOfflineCache(() => window.localStorage);

export function readOffline<T = unknown>(key: string): T {
  return cache.read<T>(key);
}

export function writeOffline(key: string, value: unknown): boolean {
  return cache.write(key, value);
}

export function removeOffline(key: string): void {
  cache.remove(key);
}
