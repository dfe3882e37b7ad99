import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import pg from 'pg';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { realtimeClientEventSchema, type RealtimeEvent } from '@ridgeline/shared/contracts/chat';
import type { Logger } from '../../lib/logger';
import { REALTIME_CHANNEL, type RealtimeEnvelope } from './publish';

// The realtime hub of one API instance: the open sockets of each user, and the LISTEN bridge that
// hands every event published on the channel (by this instance or any other on the same database)
// to the sockets of the users it names. A socket that may have missed events (its LISTEN client
// was reconnecting) receives `ready` again and catches up through the API.

export type RealtimeHubOptions = {
  /** The database URL the dedicated LISTEN connection opens (a direct one, never a pooler). */
  databaseUrl: string;
  logger: Logger;
  /** The events one socket may send per second (a token bucket of this size refilling at this rate). */
  eventsPerSecond: number;
  /** How often sockets are pinged; one that did not answer the previous ping is dropped. */
  heartbeatMs?: number;
  /** The first and the longest wait before the LISTEN connection is opened again. */
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
};

export type RealtimeHub = {
  /** Opens the LISTEN connection; resolves once events flow. */
  start(): Promise<void>;
  /** Completes a WebSocket upgrade of an authenticated request for the user and registers the socket. */
  accept(request: IncomingMessage, socket: Duplex, head: Buffer, userId: string): void;
  /** Sends an event to every open socket of the users on this instance (what the bridge does for each notification). */
  deliver(to: readonly string[], event: RealtimeEvent): void;
  /** Whether one of the user's sockets on this instance said it is looking at the conversation. */
  isViewing(userId: string, conversationId: string): boolean;
  /** Open sockets on this instance (all users). */
  socketCount(): number;
  /** The LISTEN connection's backend process id (null while reconnecting). */
  listenerPid(): number | null;
  /** Closes every socket and the LISTEN connection. */
  close(): Promise<void>;
};

/** The server pings every socket this often and drops those that did not answer the last ping. */
export const HEARTBEAT_MS = 30_000;
/** A socket that sends this many times its budget within one second is flooding and is closed. */
const FLOOD_FACTOR = 3;
/** Policy violation: the close code of a flooding socket. */
export const CLOSE_POLICY_VIOLATION = 1008;
/** Going away: the close code when the server shuts down. */
const CLOSE_GOING_AWAY = 1001;
/** What a client sends is a few dozen bytes; anything larger than this is refused by ws. */
const MAX_CLIENT_FRAME_BYTES = 4096;
/** A socket whose unsent data exceeds this cannot keep up; it is dropped and catches up on reconnecting. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** How long sockets get to finish the closing handshake when the hub closes. */
const CLOSE_GRACE_MS = 1000;

type SocketState = {
  userId: string;
  alive: boolean;
  tokens: number;
  refilledAt: number;
  windowStart: number;
  windowCount: number;
  viewing: string | null;
};

const READY = JSON.stringify({ type: 'ready' } satisfies RealtimeEvent);

function isEnvelope(value: unknown): value is RealtimeEnvelope {
  if (typeof value !== 'object' || value === null) return false;
  const { to, event } = value as { to?: unknown; event?: unknown };
  return Array.isArray(to) && to.every((id) => typeof id === 'string') && typeof event === 'object' && event !== null && typeof (event as { type?: unknown }).type === 'string';
}

export function createRealtimeHub(options: RealtimeHubOptions): RealtimeHub {
  const { logger, eventsPerSecond } = options;
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const reconnectMinMs = options.reconnectMinMs ?? 250;
  const reconnectMaxMs = options.reconnectMaxMs ?? 10_000;
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_FRAME_BYTES, perMessageDeflate: false });
  const byUser = new Map<string, Set<WebSocket>>();
  const states = new Map<WebSocket, SocketState>();
  let listener: pg.Client | null = null;
  let listenerBackendPid: number | null = null;
  let closed = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;

  function sendText(ws: WebSocket, text: string): void {
    if (ws.readyState !== ws.OPEN) return;
    if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      ws.terminate();
      return;
    }
    ws.send(text);
  }

  function deliverText(to: readonly string[], text: string): void {
    for (const userId of to) {
      const sockets = byUser.get(userId);
      if (!sockets) continue;
      for (const ws of sockets) sendText(ws, text);
    }
  }

  function onNotification(payload: string | undefined): void {
    if (!payload) return;
    let envelope: unknown;
    try {
      envelope = JSON.parse(payload);
    } catch {
      logger.warn('realtime notification is not JSON');
      return;
    }
    if (!isEnvelope(envelope)) {
      logger.warn('realtime notification has no recipients or event');
      return;
    }
    // Serialized once, sent as is to every socket named.
    deliverText(envelope.to, JSON.stringify(envelope.event));
  }

  /** Opens the LISTEN connection; on any error or end it is opened again with a growing wait. */
  async function connectListener(): Promise<void> {
    const client = new pg.Client({ connectionString: options.databaseUrl });
    let dropped = false;
    const drop = (reason: string) => {
      if (dropped) return;
      dropped = true;
      if (listener === client) {
        listener = null;
        listenerBackendPid = null;
      }
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      if (!closed) {
        logger.warn({ reason }, 'realtime LISTEN connection lost; reconnecting');
        scheduleReconnect();
      }
    };
    client.on('error', (error) => drop(error.message));
    client.on('end', () => drop('ended'));
    client.on('notification', (message) => {
      if (message.channel === REALTIME_CHANNEL) onNotification(message.payload);
    });
    try {
      await client.connect();
      const result = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      await client.query(`listen ${REALTIME_CHANNEL}`);
      if (closed || dropped) {
        await client.end().catch(() => undefined);
        return;
      }
      listener = client;
      listenerBackendPid = result.rows[0]?.pid ?? null;
    } catch (error) {
      dropped = true;
      await client.end().catch(() => undefined);
      throw error;
    }
  }

  function scheduleReconnect(): void {
    if (closed || reconnectTimer) return;
    const wait = Math.min(reconnectMaxMs, reconnectMinMs * 2 ** attempt);
    attempt += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      connectListener().then(
        () => {
          if (closed || !listener) return;
          attempt = 0;
          logger.info('realtime LISTEN connection restored');
          // Events published while the bridge was down never reached this instance: every socket catches up.
          for (const ws of states.keys()) sendText(ws, READY);
        },
        (error: unknown) => {
          logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'realtime LISTEN reconnect failed');
          scheduleReconnect();
        },
      );
    }, wait);
  }

  function remove(ws: WebSocket): void {
    const state = states.get(ws);
    if (!state) return;
    states.delete(ws);
    const sockets = byUser.get(state.userId);
    sockets?.delete(ws);
    if (sockets?.size === 0) byUser.delete(state.userId);
  }

  /** A token bucket per socket: events beyond the budget are dropped; a flood (3x within a second) closes the socket. */
  function withinBudget(ws: WebSocket, state: SocketState): boolean {
    const now = Date.now();
    if (now - state.windowStart >= 1000) {
      state.windowStart = now;
      state.windowCount = 0;
    }
    state.windowCount += 1;
    if (state.windowCount > FLOOD_FACTOR * eventsPerSecond) {
      ws.close(CLOSE_POLICY_VIOLATION, 'Too many events');
      return false;
    }
    state.tokens = Math.min(eventsPerSecond, state.tokens + ((now - state.refilledAt) / 1000) * eventsPerSecond);
    state.refilledAt = now;
    if (state.tokens < 1) return false;
    state.tokens -= 1;
    return true;
  }

  function onClientMessage(ws: WebSocket, data: RawData, isBinary: boolean): void {
    const state = states.get(ws);
    if (!state || !withinBudget(ws, state) || isBinary) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data.toString());
    } catch {
      return;
    }
    const event = realtimeClientEventSchema.safeParse(parsed);
    if (!event.success) return;
    if (event.data.type === 'viewing') state.viewing = event.data.conversationId;
  }

  function register(ws: WebSocket, userId: string): void {
    const now = Date.now();
    states.set(ws, { userId, alive: true, tokens: eventsPerSecond, refilledAt: now, windowStart: now, windowCount: 0, viewing: null });
    let sockets = byUser.get(userId);
    if (!sockets) {
      sockets = new Set();
      byUser.set(userId, sockets);
    }
    sockets.add(ws);
    ws.on('pong', () => {
      const state = states.get(ws);
      if (state) state.alive = true;
    });
    ws.on('message', (data, isBinary) => onClientMessage(ws, data, isBinary));
    ws.on('close', () => remove(ws));
    ws.on('error', () => remove(ws));
    sendText(ws, READY);
  }

  const heartbeat = setInterval(() => {
    for (const [ws, state] of states) {
      if (!state.alive) {
        ws.terminate();
        remove(ws);
        continue;
      }
      state.alive = false;
      ws.ping();
    }
  }, heartbeatMs);
  heartbeat.unref();

  return {
    async start() {
      await connectListener();
    },
    accept(request, socket, head, userId) {
      wss.handleUpgrade(request, socket, head, (ws) => {
        if (closed) {
          ws.close(CLOSE_GOING_AWAY, 'Server shutting down');
          return;
        }
        register(ws, userId);
      });
    },
    deliver(to, event) {
      deliverText(to, JSON.stringify(event));
    },
    isViewing(userId, conversationId) {
      for (const ws of byUser.get(userId) ?? []) if (states.get(ws)?.viewing === conversationId) return true;
      return false;
    },
    socketCount() {
      return states.size;
    },
    listenerPid() {
      return listenerBackendPid;
    },
    async close() {
      closed = true;
      clearInterval(heartbeat);
      if (reconnectTimer) clearTimeout(reconnectTimer);
      reconnectTimer = null;
      const sockets = [...states.keys()];
      await Promise.all(
        sockets.map(
          (ws) =>
            new Promise<void>((resolve) => {
              if (ws.readyState === ws.CLOSED) return resolve();
              const timer = setTimeout(() => {
                ws.terminate();
                resolve();
              }, CLOSE_GRACE_MS);
              ws.once('close', () => {
                clearTimeout(timer);
                resolve();
              });
              ws.close(CLOSE_GOING_AWAY, 'Server shutting down');
            }),
        ),
      );
      states.clear();
      byUser.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      const client = listener;
      listener = null;
      listenerBackendPid = null;
      await client?.end().catch(() => undefined);
    },
  };
}
