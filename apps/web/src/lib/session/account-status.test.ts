import { describe, expect, it } from 'vitest';
import { createAccountStatusCache, resolveAccountEnabled } from './account-status';

function memoryStore() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
}

describe('account status', () => {
  it('caches the flag per user and counts unknown or unreadable as enabled', () => {
    const cache = createAccountStatusCache(memoryStore());
    expect(cache.read('u1')).toBe(true);
    cache.write('u1', false);
    expect(cache.read('u1')).toBe(false);
    expect(cache.read('u2')).toBe(true);
    cache.write('u1', true);
    expect(cache.read('u1')).toBe(true);
    const broken = createAccountStatusCache({
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => undefined,
    });
    expect(broken.read('u1')).toBe(true);
    expect(() => broken.write('u1', false)).not.toThrow();
  });

  it('prefers the server: a refusal disables, the session flag beats the cache', () => {
    expect(resolveAccountEnabled({ sessionFlag: undefined, cachedFlag: false, refusedByServer: false })).toBe(false);
    expect(resolveAccountEnabled({ sessionFlag: true, cachedFlag: false, refusedByServer: false })).toBe(true);
    expect(resolveAccountEnabled({ sessionFlag: true, cachedFlag: true, refusedByServer: true })).toBe(false);
    expect(resolveAccountEnabled({ sessionFlag: undefined, cachedFlag: true, refusedByServer: false })).toBe(true);
  });
});
