import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeEvent } from '@ridgeline/shared/contracts/chat';
import { createRealtimeStops, type RealtimeStop } from './realtime-stops';
import { createRealtimeClient, linkRealtimeStops, reconnectDelay, REALTIME_PING_MS, type RealtimeStatus, type SocketLike } from './realtime-client';

/** A WebSocket the test drives: it opens, delivers and drops when told. */
class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closedWith: number | null = null;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {}

  send(data: string): void {
    this.sent.push(data);
  }
  close(code = 1000): void {
    this.closedWith = code;
    this.readyState = 3;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(data: unknown): void {
    this.onmessage?.(new MessageEvent('message', { data: typeof data === 'string' ? data : JSON.stringify(data) }));
  }
  /** The server or the network dropped the connection. */
  drop(code = 1006): void {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code }));
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const target = new EventTarget();
  const win = {
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    navigator: { onLine: true },
  };
  const client = createRealtimeClient({
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    url: () => 'ws://app.test/api/realtime',
    random: () => 0.5,
    window: win,
  });
  const last = () => {
    const socket = sockets.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  };
  const goOnline = () => {
    win.navigator.onLine = true;
    target.dispatchEvent(new Event('online'));
  };
  return { client, sockets, last, win, goOnline };
}

const message = {
  type: 'message',
  message: {
    id: '6f0c2a4e-3b1d-4c5e-9f7a-8b9c0d1e2f3a',
    seq: 7,
    conversationId: '1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d',
    senderId: 'u2',
    senderName: 'Sam Slate',
    content: 'Tarp is on',
    messageType: 'text',
    clientId: null,
    createdAt: '2026-11-23T12:00:00.000Z',
    attachments: [],
    mentions: [],
  },
} satisfies RealtimeEvent;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('realtime client', () => {
  it('opens one socket for the first listener, hands every valid event to every listener, ignores the rest', () => {
    const { client, sockets, last } = setup();
    const first: RealtimeEvent[] = [];
    const second: RealtimeEvent[] = [];
    client.subscribe((event) => first.push(event));
    client.subscribe((event) => second.push(event));
    expect(sockets).toHaveLength(1);
    expect(last().url).toBe('ws://app.test/api/realtime');
    last().open();
    last().receive({ type: 'ready' });
    last().receive(message);
    last().receive('not json');
    last().receive({ type: 'message', message: { id: 'nope' } });
    expect(first).toEqual([{ type: 'ready' }, message]);
    expect(second).toEqual(first);
  });

  it('closes the socket after the last listener leaves, and opens a new one for the next', () => {
    const { client, sockets, last } = setup();
    const leaveA = client.subscribe(() => undefined);
    const leaveB = client.subscribe(() => undefined);
    last().open();
    leaveA();
    expect(last().closedWith).toBeNull();
    leaveB();
    expect(last().closedWith).toBe(1000);
    expect(client.status()).toBe('idle');
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    client.subscribe(() => undefined);
    expect(sockets).toHaveLength(2);
  });

  it('reconnects after a drop with a growing wait (0.5 s, 1 s, 2 s, 4 s, at most 10 s), and passes the new ready on', () => {
    const { client, sockets, last } = setup();
    const events: RealtimeEvent[] = [];
    const statuses: RealtimeStatus[] = [];
    client.subscribeStatus((status) => statuses.push(status));
    client.subscribe((event) => events.push(event));
    last().open();
    last().receive({ type: 'ready' });
    for (const wait of [500, 1000, 2000, 4000, 8000, 10_000, 10_000]) {
      last().drop();
      vi.advanceTimersByTime(wait - 1);
      const before = sockets.length;
      vi.advanceTimersByTime(1);
      expect(sockets.length).toBe(before + 1);
    }
    last().open();
    last().receive({ type: 'ready' });
    expect(events).toEqual([{ type: 'ready' }, { type: 'ready' }]);
    expect(statuses.slice(0, 4)).toEqual(['idle', 'connecting', 'open', 'offline']);
    expect(statuses.at(-1)).toBe('open');
    // Once open again, the next drop starts from 0.5 s.
    last().drop();
    const before = sockets.length;
    vi.advanceTimersByTime(500);
    expect(sockets.length).toBe(before + 1);
  });

  for (const [code, stoppedAs] of [
    [4401, 'signed-out'],
    [4403, 'disabled'],
  ] as const) {
    it(`stops after the server closes with ${code}: status ${stoppedAs}, no reconnect (not even online or for a new listener) until resume()`, () => {
      const { client, sockets, last, goOnline } = setup();
      const statuses: RealtimeStatus[] = [];
      client.subscribeStatus((status) => statuses.push(status));
      const leave = client.subscribe(() => undefined);
      last().open();
      last().drop(code);
      expect(client.status()).toBe(stoppedAs);
      vi.advanceTimersByTime(120_000);
      goOnline();
      client.subscribe(() => undefined)();
      leave();
      client.subscribe(() => undefined);
      expect(sockets).toHaveLength(1);
      expect(client.status()).toBe(stoppedAs);
      expect(statuses).toEqual(['idle', 'connecting', 'open', stoppedAs]);
      // A new sign-in: the listener still there gets a socket again, and a later drop reconnects as usual.
      client.resume();
      expect(sockets).toHaveLength(2);
      last().open();
      expect(client.status()).toBe('open');
      last().drop();
      vi.advanceTimersByTime(500);
      expect(sockets).toHaveLength(3);
    });
  }

  it('tells the session of a stop by the server and resumes when the session asks', () => {
    const { client, sockets, last } = setup();
    const link = createRealtimeStops();
    const stops: RealtimeStop[] = [];
    link.onStop((stop) => stops.push(stop));
    linkRealtimeStops(client, link);
    client.subscribe(() => undefined);
    last().open();
    last().drop(4403);
    expect(stops).toEqual(['disabled']);
    link.resume();
    expect(sockets).toHaveLength(2);
    last().open();
    last().drop(4401);
    expect(stops).toEqual(['disabled', 'signed-out']);
  });

  it('jitters each wait by at most a fifth and never waits more than 10 s', () => {
    expect(reconnectDelay(0, () => 0)).toBe(400);
    expect(reconnectDelay(0, () => 1)).toBe(600);
    expect(reconnectDelay(3, () => 0.5)).toBe(4000);
    expect(reconnectDelay(10, () => 1)).toBe(10_000);
  });

  it('never reconnects while offline, and reconnects at once when the browser comes back online', () => {
    const { client, sockets, last, win, goOnline } = setup();
    client.subscribe(() => undefined);
    last().open();
    win.navigator.onLine = false;
    last().drop();
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
    expect(client.status()).toBe('offline');
    goOnline();
    expect(sockets).toHaveLength(2);
  });

  it('does not open a socket while offline; the first online event opens it', () => {
    const { client, sockets, win, goOnline } = setup();
    win.navigator.onLine = false;
    client.subscribe(() => undefined);
    expect(sockets).toHaveLength(0);
    goOnline();
    expect(sockets).toHaveLength(1);
  });

  it('sends at most 5 events per second and nothing while the socket is not open', () => {
    const { client, last } = setup();
    client.subscribe(() => undefined);
    expect(client.send({ type: 'ping' })).toBe(false);
    last().open();
    const results = Array.from({ length: 7 }, () => client.send({ type: 'viewing', conversationId: null }));
    expect(results).toEqual([true, true, true, true, true, false, false]);
    expect(last().sent).toHaveLength(5);
    vi.advanceTimersByTime(999);
    expect(client.send({ type: 'ping' })).toBe(false);
    vi.advanceTimersByTime(1);
    expect(client.send({ type: 'ping' })).toBe(true);
    expect(JSON.parse(last().sent.at(-1) ?? '')).toEqual({ type: 'ping' });
  });

  it('pings every 25 s while open, and stops when closed', () => {
    const { client, last } = setup();
    const leave = client.subscribe(() => undefined);
    last().open();
    vi.advanceTimersByTime(REALTIME_PING_MS * 2);
    expect(last().sent.map((text) => JSON.parse(text) as unknown)).toEqual([{ type: 'ping' }, { type: 'ping' }]);
    leave();
    vi.advanceTimersByTime(REALTIME_PING_MS * 2);
    expect(last().sent).toHaveLength(2);
  });
});
