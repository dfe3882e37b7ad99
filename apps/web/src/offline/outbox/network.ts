import { api, ApiError } from '../../lib/api-client';

// The network as every outbox sees it: the browser's online and offline events, and whether the
// server answers at all. A phone often says it is online when nothing gets through (one bar, a captive
// portal, a cut cable upstream), so after a send fails for want of a network an outbox may ask.

export type OutboxNetwork = {
  isOnline: () => boolean;
  /** Calls `listener` with the new state on every change; returns the unsubscribe. */
  subscribe: (listener: (online: boolean) => void) => () => void;
};

/** The browser's own idea of the network: `navigator.onLine` and the window's online and offline events. */
export const browserNetwork: OutboxNetwork = {
  isOnline: () => navigator.onLine,
  subscribe(listener) {
    const online = () => listener(true);
    const offline = () => listener(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  },
};

/** How long the reachability question waits for an answer (ms). */
export const PROBE_TIMEOUT_MS = 5000;

/** Whether the server answers at all: any HTTP answer counts (even a 503); a network failure or silence does not. */
export async function serverAnswers(): Promise<boolean> {
  try {
    await api.get('/api/health', { urgent: true, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    return true;
  } catch (error) {
    return error instanceof ApiError && error.status > 0;
  }
}
