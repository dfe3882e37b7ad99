// Where a page opens scrolled: a new page (another path, pushed or replaced) at the top, or at the
// element its #hash names; the same page with another query (a tab, a filter) where it was; an entry
// of the history gone back or forward to (POP) where the user left it. The positions are kept per
// history entry (React Router's location key) for the tab's life, across reloads too.

export type NavigationKind = 'POP' | 'PUSH' | 'REPLACE';

export type ScrollTarget = { kind: 'restore'; y: number } | { kind: 'top' } | { kind: 'hash'; id: string } | { kind: 'stay' };

/** Where the page that has just opened should be scrolled to. */
export function scrollTargetFor(
  next: { key: string; pathname: string; hash: string; action: NavigationKind },
  previousPathname: string | null,
  saved: (key: string) => number | undefined,
): ScrollTarget {
  if (next.action === 'POP') {
    const y = saved(next.key);
    if (y !== undefined) return { kind: 'restore', y };
  }
  if (next.hash.length > 1) return { kind: 'hash', id: decodeURIComponent(next.hash.slice(1)) };
  if (next.action !== 'POP' && previousPathname === next.pathname) return { kind: 'stay' };
  return { kind: 'top' };
}

/** The session-storage key the positions survive a reload under. */
export const SCROLL_STORAGE_KEY = 'ridgeline.scroll-positions';
/** At most this many entries are remembered (the newest). */
const MAX_ENTRIES = 100;

export type ScrollPositions = {
  get: (key: string) => number | undefined;
  set: (key: string, y: number) => void;
  /** Writes them to storage (on page hide). */
  save: () => void;
};

/** The positions by history entry, read from and saved to `storage` (session storage in the app). */
export function createScrollPositions(storage: Pick<Storage, 'getItem' | 'setItem'> | null): ScrollPositions {
  const positions = new Map<string, number>();
  try {
    const stored: unknown = JSON.parse(storage?.getItem(SCROLL_STORAGE_KEY) ?? '[]');
    if (Array.isArray(stored)) {
      for (const entry of stored) if (Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'number') positions.set(entry[0], entry[1]);
    }
  } catch {
    // Unreadable positions are none.
  }
  return {
    get: (key) => positions.get(key),
    set(key, y) {
      positions.delete(key);
      positions.set(key, y);
      if (positions.size > MAX_ENTRIES) positions.delete(positions.keys().next().value ?? '');
    },
    save() {
      try {
        storage?.setItem(SCROLL_STORAGE_KEY, JSON.stringify([...positions]));
      } catch {
        // A full or blocked storage keeps them for this page only.
      }
    },
  };
}
