import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FALLBACK_DELAY_MS, IDLE_TIMEOUT_MS, type IdleHost } from '../lib/when-idle';
import { preloadWhenIdle, usePreloadLikelyPages } from './idle-preload';

const preloadRoutes = vi.fn();

/** A host with idle callbacks: the test runs the queued callback when it says the browser is idle. */
function idleHost() {
  const queued = new Map<number, () => void>();
  let next = 1;
  const host = {
    requestIdleCallback: vi.fn((callback: () => void, _options?: { timeout: number }) => {
      queued.set(next, callback);
      return next++;
    }),
    cancelIdleCallback: vi.fn((id: number) => void queued.delete(id)),
    setTimeout: vi.fn(() => 0),
    clearTimeout: vi.fn(),
  } satisfies IdleHost;
  const goIdle = () => {
    for (const callback of queued.values()) callback();
    queued.clear();
  };
  return { host, goIdle };
}

afterEach(() => {
  vi.useRealTimers();
  preloadRoutes.mockClear();
});

describe('idle preload of the likely pages', () => {
  it('asks for an idle callback (3 s at most) and preloads /dashboard then /projects only once idle', () => {
    const { host, goIdle } = idleHost();
    const preload = vi.fn();
    preloadWhenIdle(preload, host);
    expect(host.requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: IDLE_TIMEOUT_MS });
    expect(host.setTimeout).not.toHaveBeenCalled();
    expect(preload).not.toHaveBeenCalled();
    goIdle();
    expect(preload.mock.calls).toEqual([['/dashboard'], ['/projects']]);
  });

  it('cancels the idle callback when the app unmounts first', () => {
    const { host, goIdle } = idleHost();
    const preload = vi.fn();
    const cancel = preloadWhenIdle(preload, host);
    cancel();
    expect(host.cancelIdleCallback).toHaveBeenCalledWith(1);
    goIdle();
    expect(preload).not.toHaveBeenCalled();
  });

  it('falls back to a timer where the browser has no idle callbacks', () => {
    vi.useFakeTimers();
    const preload = vi.fn();
    const host: IdleHost = { setTimeout: (callback, ms) => Number(setTimeout(callback, ms)), clearTimeout: (id) => clearTimeout(id) };
    preloadWhenIdle(preload, host);
    vi.advanceTimersByTime(FALLBACK_DELAY_MS - 1);
    expect(preload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(preload.mock.calls).toEqual([['/dashboard'], ['/projects']]);

    preload.mockClear();
    const cancel = preloadWhenIdle(preload, host);
    cancel();
    vi.advanceTimersByTime(FALLBACK_DELAY_MS);
    expect(preload).not.toHaveBeenCalled();
  });

  it('the mounted app preloads /dashboard and /projects through the given preload when idle, and cancels on unmount', () => {
    const { host, goIdle } = idleHost();
    vi.stubGlobal('requestIdleCallback', host.requestIdleCallback);
    vi.stubGlobal('cancelIdleCallback', host.cancelIdleCallback);
    try {
      function App() {
        usePreloadLikelyPages(preloadRoutes);
        return null;
      }
      const view = render(<App />);
      expect(preloadRoutes).not.toHaveBeenCalled();
      goIdle();
      expect(preloadRoutes.mock.calls).toEqual([['/dashboard'], ['/projects']]);
      view.unmount();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
