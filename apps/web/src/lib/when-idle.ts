// What a page does not need to show and work (preloads, badges, background senders, the floating
// chat) waits until the browser is idle, so it never competes with the page in front of the user.

/** The idle-callback API where the browser has it (Safari has none: a timer stands in). */
export type IdleHost = {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
  setTimeout: (callback: () => void, ms: number) => number;
  clearTimeout: (id: number) => void;
};

/** The longest the browser may put the work off (ms) while it stays busy. */
export const IDLE_TIMEOUT_MS = 3000;
/** Without idle callbacks: how long after asking the work runs (ms). */
export const FALLBACK_DELAY_MS = 1500;

/** Runs `run` once the browser is idle (at the latest after `timeoutMs`); returns the cancel. */
export function whenIdle(
  run: () => void,
  { timeoutMs = IDLE_TIMEOUT_MS, host = window as unknown as IdleHost }: { timeoutMs?: number; host?: IdleHost } = {},
): () => void {
  if (host.requestIdleCallback && host.cancelIdleCallback) {
    const id = host.requestIdleCallback(run, { timeout: timeoutMs });
    // Called on the host itself: the browser's functions refuse to run detached from window.
    return () => host.cancelIdleCallback?.(id);
  }
  const id = host.setTimeout(run, Math.min(FALLBACK_DELAY_MS, timeoutMs));
  return () => host.clearTimeout(id);
}

/** Resolves once the browser is idle: for `React.lazy` of code no first paint needs. */
export function idle(): Promise<void> {
  return new Promise((resolve) => {
    whenIdle(resolve);
  });
}
