import { describe, expect, it } from 'vitest';
import { CACHE_MAX_ENTRIES, CACHE_STORAGE_KEY, CACHE_TTL_MS, createSessionCache, type SessionUser } from './session-cache';
import { alice, bob, memoryStore } from '../../test/session-fakes';

function clock(start = 1_000_000) {
  const c = { t: start, now: () => c.t };
  return c;
}
/** A cache on an empty store whose clock the test moves (`c.t += ms`). */
function clockedCache() {
  const c = clock();
  return { c, cache: createSessionCache(memoryStore(), c.now) };
}
const user = (n: number): SessionUser => ({ id: `u${n}`, email: `u${n}@example.com`, name: `User ${n}` });

describe('session cache (7 days, at most 5 entries)', () => {
  it('keeps the cache constants', () => {
    expect(CACHE_TTL_MS).toBe(604_800_000);
    expect(CACHE_MAX_ENTRIES).toBe(5);
  });

  it('returns the most recently saved user', () => {
    const { c, cache } = clockedCache();
    cache.put(alice);
    c.t += 10;
    cache.put(bob);
    expect(cache.latest()).toEqual(bob);
    c.t += 10;
    cache.put(alice);
    expect(cache.latest()).toEqual(alice);
    expect(cache.size()).toBe(2);
  });

  it('an entry lasts 7 days and no longer', () => {
    const { c, cache } = clockedCache();
    cache.put(alice);
    c.t += CACHE_TTL_MS - 1;
    expect(cache.latest()).toEqual(alice);
    c.t += 1;
    expect(cache.latest()).toBeNull();
    expect(cache.size()).toBe(0);
  });

  it('saving again restarts the 7 days', () => {
    const { c, cache } = clockedCache();
    cache.put(alice);
    c.t += CACHE_TTL_MS - 1;
    cache.put(alice);
    c.t += CACHE_TTL_MS - 1;
    expect(cache.latest()).toEqual(alice);
  });

  it('keeps at most 5 entries, evicting the oldest', () => {
    const c = clock();
    const store = memoryStore();
    const cache = createSessionCache(store, c.now);
    for (let n = 1; n <= 7; n++) {
      cache.put(user(n));
      c.t += 1;
    }
    expect(cache.size()).toBe(5);
    const ids = (JSON.parse(store.getItem(CACHE_STORAGE_KEY) ?? '[]') as { user: SessionUser }[]).map((e) => e.user.id);
    expect(ids.sort()).toEqual(['u3', 'u4', 'u5', 'u6', 'u7']);
    expect(cache.latest()).toEqual(user(7));
  });

  it('remove forgets one user, clear forgets all', () => {
    const c = clock();
    const store = memoryStore();
    const cache = createSessionCache(store, c.now);
    cache.put(alice);
    cache.put(bob);
    cache.remove(bob.id);
    expect(cache.size()).toBe(1);
    cache.clear();
    expect(cache.latest()).toBeNull();
    expect(store.data.has(CACHE_STORAGE_KEY)).toBe(false);
  });

  it('ignores corrupt or foreign data in storage', () => {
    const store = memoryStore();
    const cache = createSessionCache(store, clock().now);
    store.setItem(CACHE_STORAGE_KEY, '{not json');
    expect(cache.latest()).toBeNull();
    store.setItem(CACHE_STORAGE_KEY, JSON.stringify([{ user: { id: 1 }, savedAt: 'x' }, null, 3]));
    expect(cache.latest()).toBeNull();
    cache.put(alice);
    expect(cache.latest()).toEqual(alice);
  });

  it('survives a storage that refuses writes', () => {
    const cache = createSessionCache(
      {
        getItem: () => null,
        setItem: () => {
          throw new Error('QuotaExceededError');
        },
        removeItem: () => undefined,
      },
      clock().now,
    );
    expect(() => cache.put(alice)).not.toThrow();
  });
});
