import { useEffect } from 'react';
import { whenIdle, type IdleHost } from '../lib/when-idle';
import { paths } from '../lib/paths';

// Dashboard and projects are preloaded when the browser is idle: they are where a signed-in user goes
// next, so their code is fetched once the page in front of the user has settled, never ahead of it.

/** The pages fetched ahead, in the order they are asked for. */
export const LIKELY_PAGES = [paths.dashboard, paths.projects] as const;

/** Calls `preload` for each likely page once the browser is idle; returns the cancel. */
export function preloadWhenIdle(preload: (pathname: string) => void, host: IdleHost): () => void {
  return whenIdle(
    () => {
      for (const page of LIKELY_PAGES) preload(page);
    },
    { host },
  );
}

/** After the app mounts, `preload` (the router's: every route module on the path) runs for the likely pages when idle. */
export function usePreloadLikelyPages(preload: (pathname: string) => void): void {
  useEffect(() => preloadWhenIdle(preload, window as unknown as IdleHost), [preload]);
}
