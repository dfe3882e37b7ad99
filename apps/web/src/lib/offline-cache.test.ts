import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOfflineCache, OFFLINE_CACHE_PREFIX, readOffline, removeOffline, writeOffline } from './offline-cache';

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
});
