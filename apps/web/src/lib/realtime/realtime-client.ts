import { realtimeEventSchema, type RealtimeClientEvent, type RealtimeEvent } from '@ridgeline/shared/contracts/chat';
import { tabRealtimeStops, type RealtimeStopsLink } from './realtime-stops';
import { REALTIME_CLOSE_ACCESS_WITHDRAWN, REALTIME_CLOSE_SESSION_ENDED, REALTIME_EVENTS_PER_SECOND } from '@ridgeline/shared/domain/chat';

// One WebSocket per tab to /api/realtime, opened while something listens and closed after the last
// listener leaves. After a drop it reconnects with a growing, jittered wait (0.5 s, 1 s, 2 s, 4 s, at
// most 10 s), at once when the browser comes back online, never while it is offline. Every
// (re)connection brings the server's `ready`: listeners then read what they missed. What the client
// sends is limited to 5 events per second, and a ping keeps the socket alive every 25 s. A close
// that says the session ended (4401) or the access was withdrawn (4403) stops it: it never
// reconnects on its own after one (every attempt would be refused), and says so in its status, until
// resume() after the next sign-in.

export type RealtimeListener = (event: RealtimeEvent) => void;

/**
 * `open`: events flow; `connecting`: a socket is being opened; `offline`: waiting for the network or
 * the next attempt; `idle`: nobody listens; `signed-out` (closed with 4401) and `disabled` (closed
 * with 4403): stopped until resume().
 */
export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'offline' | 'signed-out' | 'disabled';

/** The statuses of a client the server stopped, by the close code that stopped it. */
const STOPPED_BY: ReadonlyMap<number, RealtimeStatus> = new Map([
  [REALTIME_CLOSE_SESSION_ENDED, 'signed-out'],
  [REALTIME_CLOSE_ACCESS_WITHDRAWN, 'disabled'],
]);
export type RealtimeStatusListener = (status: RealtimeStatus) => void;

export const REALTIME_PATH = '/api/realtime';
export const REALTIME_PING_MS = 25_000;
export const RECONNECT_BASE_MS = 500;
export const RECONNECT_MAX_MS = 10_000;

/** The part of the browser's WebSocket the client uses (tests hand in a fake). */
export type SocketLike = {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
};
export type SocketFactory = (url: string) => SocketLike;

export type RealtimeClientOptions = {
  createSocket?: SocketFactory;
  /** The socket's address; ws:// or wss:// of the page's own host by default. */
  url?: () => string;
  random?: () => number;
  now?: () => number;
  /** Where `online` events come from and `onLine` is read. */
  window?: Pick<Window, 'addEventListener' | 'removeEventListener'> & { navigator: Pick<Navigator, 'onLine'> };
};

export type RealtimeClient = {
  subscribe(listener: RealtimeListener): () => void;
  subscribeStatus(listener: RealtimeStatusListener): () => void;
  send(event: RealtimeClientEvent): boolean;
  status(): RealtimeStatus;
  /** After the server stopped the client (4401, 4403): connects again when something listens (a new sign-in). */
  resume(): void;
};

const OPEN = 1;

function defaultUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}${REALTIME_PATH}`;
}

/** The wait before reconnect attempt `attempt` (0 first): doubling from 0.5 s, jittered by up to a fifth either way, at most 10 s. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
  return Math.round(Math.min(RECONNECT_MAX_MS, base * (0.8 + 0.4 * random())));
}

export function createRealtimeClient(options: RealtimeClientOptions = {}): RealtimeClient {
  const createSocket: SocketFactory = options.createSocket ?? ((url) => new WebSocket(url));
  const url = options.url ?? defaultUrl;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const win = options.window ?? window;
  const listeners = new Set<RealtimeListener>();
  const statusListeners = new Set<RealtimeStatusListener>();
  let socket: SocketLike | null = null;
  let current: RealtimeStatus = 'idle';
  let attempt = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let pingTimer: ReturnType<typeof setInterval> | null = null;
  let sent: number[] = [];
  // Set when the server closed with 4401 or 4403: nothing connects until resume().
  let stopped = false;

  function setStatus(next: RealtimeStatus): void {
    if (next === current) return;
    current = next;
    for (const listener of [...statusListeners]) listener(next);
  }

  function dispatch(data: unknown): void {
    if (typeof data !== 'string') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return;
    }
    const event = realtimeEventSchema.safeParse(parsed);
    if (!event.success) return;
    for (const listener of [...listeners]) {
      try {
        listener(event.data);
      } catch (error) {
        console.error('A realtime listener failed', error);
      }
    }
  }

  function clearTimers(): void {
    if (reconnectTimer !== null) clearTimeout(reconnectTimer);
    reconnectTimer = null;
    if (pingTimer !== null) clearInterval(pingTimer);
    pingTimer = null;
  }

  function connect(): void {
    if (listeners.size === 0 || socket || stopped) return;
    clearTimers();
    if (!win.navigator.onLine) {
      setStatus('offline');
      return;
    }
    setStatus('connecting');
    const ws = createSocket(url());
    socket = ws;
    ws.onopen = () => {
      if (socket !== ws) return;
      attempt = 0;
      setStatus('open');
      pingTimer = setInterval(() => send({ type: 'ping' }), REALTIME_PING_MS);
    };
    ws.onmessage = (event) => {
      if (socket === ws) dispatch(event.data);
    };
    ws.onclose = (event) => {
      if (socket !== ws) return;
      socket = null;
      clearTimers();
      const stoppedAs = STOPPED_BY.get(event.code);
      if (stoppedAs) {
        stopped = true;
        setStatus(stoppedAs);
        return;
      }
      if (listeners.size === 0) {
        setStatus('idle');
        return;
      }
      setStatus('offline');
      scheduleReconnect();
    };
    // An error is always followed by close, which reconnects.
    ws.onerror = () => undefined;
  }

  function scheduleReconnect(): void {
    if (!win.navigator.onLine) return;
    reconnectTimer = setTimeout(connect, reconnectDelay(attempt, random));
    attempt += 1;
  }

  function onOnline(): void {
    if (listeners.size === 0 || socket || stopped) return;
    attempt = 0;
    connect();
  }

  function start(): void {
    win.addEventListener('online', onOnline);
    connect();
  }

  function stop(): void {
    win.removeEventListener('online', onOnline);
    clearTimers();
    const ws = socket;
    socket = null;
    attempt = 0;
    sent = [];
    ws?.close(1000, 'No listeners');
    if (!stopped) setStatus('idle');
  }

  function send(event: RealtimeClientEvent): boolean {
    if (!socket || socket.readyState !== OPEN) return false;
    const at = now();
    sent = sent.filter((time) => at - time < 1000);
    if (sent.length >= REALTIME_EVENTS_PER_SECOND) return false;
    sent.push(at);
    socket.send(JSON.stringify(event));
    return true;
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) start();
      return () => {
        if (!listeners.delete(listener)) return;
        if (listeners.size === 0) stop();
      };
    },
    subscribeStatus(listener) {
      statusListeners.add(listener);
      listener(current);
      return () => {
        statusListeners.delete(listener);
      };
    },
    send,
    status: () => current,
    resume() {
      if (!stopped) return;
      stopped = false;
      attempt = 0;
      setStatus('idle');
      connect();
    },
  };
}

let shared: RealtimeClient | null = null;
/** Reports the client's stops by the server to the session's side of the link, and resumes it when asked. */
export function linkRealtimeStops(realtime: RealtimeClient, link: RealtimeStopsLink): void {
  realtime.subscribeStatus((status) => {
    if (status === 'signed-out' || status === 'disabled') link.reportStop(status);
  });
  link.onResume(() => realtime.resume());
}

/** The tab's one client, made on first use, linked to the session (realtime-stops.ts). */
function tabRealtimeClient(): RealtimeClient {
  if (shared) return shared;
  shared = createRealtimeClient();
  linkRealtimeStops(shared, tabRealtimeStops);
  return shared;
}

/** Listens to the user's realtime events; the socket opens with the first listener and closes after the last. */
export function subscribeRealtime(listener: RealtimeListener): () => void {
  return tabRealtimeClient().subscribe(listener);
}

/** Follows the socket's state (called at once with the current one); it does not open the socket. */
export function subscribeRealtimeStatus(listener: RealtimeStatusListener): () => void {
  return tabRealtimeClient().subscribeStatus(listener);
}

/** Sends an event on the socket if it is open and the 5-per-second budget allows; false otherwise. */
export function sendRealtime(event: RealtimeClientEvent): boolean {
  return tabRealtimeClient().send(event);
}
