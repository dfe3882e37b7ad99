import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_TOAST_REMOVE_DELAY_MS, createAppToastStore } from './app-toast-store';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('app toaster', () => {
  it('shows at most one toast at a time: the newest', () => {
    const store = createAppToastStore();
    store.show({ title: 'First' });
    store.show({ title: 'Second', description: 'more', variant: 'destructive' });
    expect(store.get()).toHaveLength(1);
    expect(store.get()[0]).toMatchObject({ title: 'Second', description: 'more', variant: 'destructive', open: true });
  });

  it('removes a dismissed toast 1.5 s after dismissal, closed meanwhile', () => {
    const store = createAppToastStore();
    const seen: number[] = [];
    store.subscribe((toasts) => seen.push(toasts.length));
    const id = store.show({ title: 'Impersonation Started' });
    store.dismiss(id);
    expect(store.get()[0]?.open).toBe(false);
    vi.advanceTimersByTime(APP_TOAST_REMOVE_DELAY_MS - 1);
    expect(store.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.get()).toHaveLength(0);
    expect(APP_TOAST_REMOVE_DELAY_MS).toBe(1500);
    expect(seen).toEqual([1, 1, 0]);
  });
});
