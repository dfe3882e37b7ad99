import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { createScrollPositions, scrollTargetFor, type ScrollPositions } from '../lib/scroll-positions';

// React Router's <ScrollRestoration> for the declarative router the app uses (it needs a data
// router): new pages open at the top, a page gone back to opens where it was left
// (lib/scroll-positions.ts has the rule). The browser's own restoration is off, since it would
// scroll before the page gone back to has drawn.

/** How long a restore keeps trying while the page gone back to is still drawing its content (ms). */
const RESTORE_FOR_MS = 2000;

function scrollNow(y: number): void {
  // 'instant': the page scrolls smoothly otherwise (base.css), and a new page must not glide.
  window.scrollTo({ top: y, left: 0, behavior: 'instant' });
}

export function ScrollRestoration({ positions: given }: { positions?: ScrollPositions } = {}) {
  const location = useLocation();
  const action = useNavigationType();
  const positions = useRef<ScrollPositions | null>(given ?? null);
  positions.current ??= createScrollPositions(typeof sessionStorage === 'undefined' ? null : sessionStorage);
  /** The entry shown, and the path of the page before it (kept when an effect runs twice for one entry). */
  const current = useRef<{ key: string; pathname: string; from: string | null } | null>(null);

  // Where each entry is, as the user scrolls it; written to session storage when the page hides.
  useEffect(() => {
    const store = positions.current;
    if (!store) return;
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    const onScroll = () => {
      if (current.current) store.set(current.current.key, window.scrollY);
    };
    const onHide = () => store.save();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onHide);
    };
  }, []);

  useLayoutEffect(() => {
    const store = positions.current;
    if (!store) return;
    const previous = current.current;
    const from = previous?.key === location.key ? previous.from : (previous?.pathname ?? null);
    current.current = { key: location.key, pathname: location.pathname, from };
    const target = scrollTargetFor({ key: location.key, pathname: location.pathname, hash: location.hash, action }, from, store.get);
    if (target.kind === 'restore') return restore(target.y);
    if (target.kind === 'top') scrollNow(0);
    else if (target.kind === 'hash') document.getElementById(target.id)?.scrollIntoView();
    // The new entry starts where it opened (a query changed in place keeps the place it had).
    store.set(location.key, window.scrollY);
    return undefined;
    // The key changes with every navigation; the path, hash and kind of navigation come with it.
  }, [location.key, location.pathname, location.hash, action]);

  return null;
}

/**
 * Scrolls to `y`, trying again on each frame while the page is still too short to get there (its
 * data still loading), until it does, the user scrolls themselves, or RESTORE_FOR_MS has passed.
 */
function restore(y: number): () => void {
  const until = performance.now() + RESTORE_FOR_MS;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) window.removeEventListener(type, stop);
  };
  for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) window.addEventListener(type, stop, { passive: true, once: true });
  const attempt = () => {
    scrollNow(y);
    if (Math.abs(window.scrollY - y) <= 1 || performance.now() > until) stop();
    else frame = requestAnimationFrame(attempt);
  };
  attempt();
  return stop;
}
