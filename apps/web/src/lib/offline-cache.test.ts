import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearOffline, createOfflineCache, OFFLINE_CACHE_PREFIX, readOffline, readThrough, removeOffline, writeOffline } from './offline-cache';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('offline cache', () => {
  it("throws 'No cached data available offline' when nothing is cached", () => {
    expect(() => readOffline('projects')).toThrow(new Error('No cached data available offline'));
  });

  it('reads back what was written, through localStorage', () => {
    expect(writeOffline('projects', [{ id: 'p1', name: 'Roof' }])).toBe(true);
    expect(readOffline<{ id: string }[]>('projects')).toEqual([{ id: 'p1', name: 'Roof' }]);
    expect(localStorage.getItem(`${OFFLINE_CACHE_PREFIX}projects`)).toContain('"Roof"');
    writeOffline('flag', false);
    expect(readOffline('flag')).toBe(false);
    writeOffline('nothing', null);
    expect(readOffline('nothing')).toBeNull();
  });

  it('a removed or corrupt entry counts as nothing cached', () => {
    writeOffline('projects', [1]);
    removeOffline('projects');
    expect(() => readOffline('projects')).toThrow('No cached data available offline');
    localStorage.setItem(`${OFFLINE_CACHE_PREFIX}broken`, '{not json');
    expect(() => readOffline('broken')).toThrow('No cached data available offline');
    localStorage.setItem(`${OFFLINE_CACHE_PREFIX}odd`, '"just a string"');
    expect(() => readOffline('odd')).toThrow('No cached data available offline');
  });

  it('a full or missing storage does not throw on write and reads as nothing cached', () => {
    const failing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    const cache = createOfflineCache(() => failing);
    expect(cache.write('k', 1)).toBe(false);
    expect(() => cache.read('k')).toThrow('No cached data available offline');
  });

  it('reads through the network online and answers the kept value offline', async () => {
    const fetcher = vi.fn(async () => ({ name: 'Summit Ridge Roofing' }));
    expect(await readThrough('company', fetcher)).toEqual({ name: 'Summit Ridge Roofing' });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(await readThrough('company', fetcher)).toEqual({ name: 'Summit Ridge Roofing' });
    expect(fetcher).toHaveBeenCalledTimes(1);
    await expect(readThrough('team', fetcher)).rejects.toThrow('No cached data available offline');
  });

  it('a failure while online is an error, not a cached answer', async () => {
    writeOffline('me', { id: 'old' });
    await expect(readThrough('me', () => Promise.reject(new Error('Server error')))).rejects.toThrow('Server error');
  });

  it('clears every kept answer and nothing else', () => {
    writeOffline('me', { id: 'u1' });
    writeOffline('company', { id: 'c1' });
    localStorage.setItem('other-key', 'stays');
    clearOffline();
    expect(() => readOffline('me')).toThrow('No cached data available offline');
    expect(() => readOffline('company')).toThrow('No cached data available offline');
    expect(localStorage.getItem('other-key')).toBe('stays');
  });
});
