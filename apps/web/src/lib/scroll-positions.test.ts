import { describe, expect, it } from 'vitest';
import { createScrollPositions, SCROLL_STORAGE_KEY, scrollTargetFor } from './scroll-positions';

const saved = (entries: Record<string, number>) => (key: string) => entries[key];

describe('where a page opens scrolled', () => {
  it('a new page (pushed or replaced, another path) at the top', () => {
    expect(scrollTargetFor({ key: 'b', pathname: '/projects/1', hash: '', action: 'PUSH' }, '/projects/new', saved({ b: 900 }))).toEqual({ kind: 'top' });
    expect(
      scrollTargetFor({ key: 'c', pathname: '/field-inspection/s/overview', hash: '', action: 'REPLACE' }, '/field-inspection/s/areas', saved({})),
    ).toEqual({ kind: 'top' });
  });

  it('a page gone back or forward to where it was left, or at the top when nothing was kept', () => {
    expect(scrollTargetFor({ key: 'a', pathname: '/projects', hash: '', action: 'POP' }, '/projects/1', saved({ a: 2277 }))).toEqual({
      kind: 'restore',
      y: 2277,
    });
    expect(scrollTargetFor({ key: 'z', pathname: '/projects', hash: '', action: 'POP' }, '/projects/1', saved({}))).toEqual({ kind: 'top' });
  });

  it('the same page with another query where it is, and an anchor at its element', () => {
    expect(scrollTargetFor({ key: 'd', pathname: '/projects/1', hash: '', action: 'REPLACE' }, '/projects/1', saved({}))).toEqual({ kind: 'stay' });
    expect(scrollTargetFor({ key: 'e', pathname: '/help', hash: '#photos', action: 'PUSH' }, '/dashboard', saved({}))).toEqual({ kind: 'hash', id: 'photos' });
  });
});

describe('the positions kept', () => {
  it('survive a reload through storage, the newest 100', () => {
    const data = new Map<string, string>();
    const storage = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
    const positions = createScrollPositions(storage);
    for (let i = 0; i < 120; i++) positions.set(`k${i}`, i * 10);
    positions.set('k5', 55);
    positions.save();
    const again = createScrollPositions(storage);
    expect(again.get('k119')).toBe(1190);
    expect(again.get('k5')).toBe(55);
    expect(again.get('k6')).toBeUndefined();
    data.set(SCROLL_STORAGE_KEY, 'not json');
    expect(createScrollPositions(storage).get('k119')).toBeUndefined();
  });
});
