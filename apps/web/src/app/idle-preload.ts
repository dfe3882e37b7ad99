import { useEffect } from 'react';

// Dashboard and projects are preloaded when the browser is idle: they are where a signed-in user goes
// next, so their code is fetched once the page in front of the user has settled, never ahead of it.

/** The pages fetched ahead, in the order they are asked for. */
export const LIKELY_PAGES = ['/dashboard', '/projects'] as const;

/** The idle-callback API where the browser has it (Safari has none: a timer stands in). */
export type IdleHost = {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
  setTimeout: (callback: () => void, ms: number) => number;
  clearTimeout: (id: number) => void;
};

/** The longest the browser may put the preload off (ms) while it stays busy. */
export const IDLE_TIMEOUT_MS = 3000;
/** Without idle callbacks: how long after mounting the preload starts (ms). */
export const FALLBACK_DELAY_MS = 1500;

/** Calls `preload` for each likely page once the browser is idle; returns the cancel. */
export function preloadWhenIdle(preload: (pathname: string) => void, host: IdleHost): () => void {
  const run = () => {
    for (const page of LIKELY_PAGES) preload(page);
  };
  if (host.requestIdleCallback && host.cancelIdleCallback) {
    const id = host.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    // Called on the host itself: the browser's functions refuse to run detached from window.
    return () => host.cancelIdleCallback?.(id);
  }
  const id = host.setTimeout(run, FALLBACK_DELAY_MS);
  return () => host.clearTimeout(id);
}

/** After the app mounts, `preload` (the router's: every route module on the path) runs for the likely pages when idle. */
export function usePreloadLikelyPages(preload: (pathname: string) => void): void {
  useEffect(() => preloadWhenIdle(preload, window as unknown as IdleHost), [preload]);
}
