import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import pg from 'pg';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { realtimeClientEventSchema, type RealtimeEvent } from '@ridgeline/shared/contracts/chat';
import { REALTIME_CLOSE_ACCESS_WITHDRAWN, REALTIME_CLOSE_SESSION_ENDED } from '@ridgeline/shared/domain/chat';
import type { Logger } from '../../lib/logger';
import {
  REALTIME_CHANNEL,
  REVOCATION_REASONS,
  type CompanyEnvelope,
  type RealtimeEnvelope,
  type Revocation,
  type RevocationEnvelope,
  type RevocationReason,
} from './publish';

// The realtime hub of one API instance: the open sockets of each user, and the LISTEN bridge that
// hands every event published on the channel (by this instance or any other on the same database)
// to the sockets of the users it names. A socket that may have missed events (its LISTEN client
// was reconnecting) receives `ready` again and catches up through the API.
// A socket keeps the session and company it was opened with: a revocation on the channel closes the
// matching sockets at once, and each heartbeat checks every socket's grant again in one call (the
// backstop for a session that ended without a word, an expiry, or a revocation missed while the
// LISTEN connection was down).

/** What a socket was opened with: its user, the session of the cookie, and the user's company then. */
export type SocketGrant = { userId: string; sessionId: string; companyId: string };

/**
 * Checks the grants of the open sockets at once (one query for them all): for each grant, in the
 * same order, why it no longer holds, or null while it does.
 */
export type GrantCheck = (grants: readonly SocketGrant[]) => Promise<(RevocationReason | null)[]>;

export type RealtimeHubOptions = {
  /** The database URL the dedicated LISTEN connection opens (a direct one, never a pooler). */
  databaseUrl: string;
  logger: Logger;
  /** The events one socket may send per second (a token bucket of this size refilling at this rate). */
  eventsPerSecond: number;
  /** How often sockets are pinged (one that did not answer the previous ping is dropped) and their grants checked. */
  heartbeatMs?: number;
  /** The heartbeat's check of the sockets' grants; without one, only revocations on the channel close sockets. */
  checkGrants?: GrantCheck;
  /** The first and the longest wait before the LISTEN connection is opened again. */
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
};

export type RealtimeHub = {
  /** Opens the LISTEN connection; resolves once events flow. */
  start(): Promise<void>;
  /** Completes a WebSocket upgrade of an authenticated request and registers the socket with its grant. */
  accept(request: IncomingMessage, socket: Duplex, head: Buffer, grant: SocketGrant): void;
  /** Sends an event to every open socket of the users on this instance (what the bridge does for each notification). */
  deliver(to: readonly string[], event: RealtimeEvent): void;
  /** Closes the sockets on this instance that a revocation names (what the bridge does for each revocation). */
  revoke(revocation: Revocation): void;
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
/** The socket's session ended (signed out, revoked, expired): like a 401, sign in again (the browser stops reconnecting). */
export const CLOSE_SESSION_ENDED = REALTIME_CLOSE_SESSION_ENDED;
/** The account was disabled or is no longer in the company: like a 403 (the browser stops reconnecting). */
export const CLOSE_ACCESS_WITHDRAWN = REALTIME_CLOSE_ACCESS_WITHDRAWN;
/** The close code and reason a socket gets for each revocation reason. */
const REVOKED_CLOSE: Record<RevocationReason, { code: number; reason: string }> = {
  'session-ended': { code: CLOSE_SESSION_ENDED, reason: 'Session ended' },
  'account-disabled': { code: CLOSE_ACCESS_WITHDRAWN, reason: 'Account disabled' },
  'left-company': { code: CLOSE_ACCESS_WITHDRAWN, reason: 'No longer a member of the company' },
};
/** What a client sends is a few dozen bytes; anything larger than this is refused by ws. */
const MAX_CLIENT_FRAME_BYTES = 4096;
/** A socket whose unsent data exceeds this cannot keep up; it is dropped and catches up on reconnecting. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** How long sockets get to finish the closing handshake when the hub closes. */
const CLOSE_GRACE_MS = 1000;

type SocketState = {
  grant: SocketGrant;
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
  return (
    Array.isArray(to) &&
    to.every((id) => typeof id === 'string') &&
    typeof event === 'object' &&
    event !== null &&
    typeof (event as { type?: unknown }).type === 'string'
  );
}

function isCompanyEnvelope(value: unknown): value is CompanyEnvelope {
  if (typeof value !== 'object' || value === null) return false;
  const { company, event } = value as { company?: unknown; event?: unknown };
  return typeof company === 'string' && typeof event === 'object' && event !== null && typeof (event as { type?: unknown }).type === 'string';
}

const optionalString = (value: unknown) => value === undefined || typeof value === 'string';

function isRevocationEnvelope(value: unknown): value is RevocationEnvelope {
  if (typeof value !== 'object' || value === null) return false;
  const { revoke } = value as { revoke?: unknown };
  if (typeof revoke !== 'object' || revoke === null) return false;
  const { userId, sessionId, companyId, reason } = revoke as Record<string, unknown>;
  return typeof userId === 'string' && optionalString(sessionId) && optionalString(companyId) && REVOCATION_REASONS.some((known) => known === reason);
}

/** One key per distinct grant: sockets opened with the same session for the same company are checked once. */
const grantKey = (grant: SocketGrant) => `${grant.sessionId}\n${grant.companyId}`;

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

  /** Every socket opened for the company (its grant's company), whoever it belongs to. */
  function deliverToCompany(companyId: string, text: string): void {
    for (const [ws, state] of states) if (state.grant.companyId === companyId) sendText(ws, text);
  }

  /** Closes a socket for a reason: it is unregistered at once, so nothing more is sent to it. */
  function closeRevoked(ws: WebSocket, reason: RevocationReason): void {
    remove(ws);
    const close = REVOKED_CLOSE[reason];
    ws.close(close.code, close.reason);
  }

  function revoke(revocation: Revocation): void {
    for (const ws of [...(byUser.get(revocation.userId) ?? [])]) {
      const grant = states.get(ws)?.grant;
      if (!grant) continue;
      if (revocation.sessionId !== undefined && grant.sessionId !== revocation.sessionId) continue;
      if (revocation.companyId !== undefined && grant.companyId !== revocation.companyId) continue;
      closeRevoked(ws, revocation.reason);
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
    if (isRevocationEnvelope(envelope)) {
      revoke(envelope.revoke);
      return;
    }
    if (isCompanyEnvelope(envelope)) {
      deliverToCompany(envelope.company, JSON.stringify(envelope.event));
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
    const sockets = byUser.get(state.grant.userId);
    sockets?.delete(ws);
    if (sockets?.size === 0) byUser.delete(state.grant.userId);
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

  function register(ws: WebSocket, grant: SocketGrant): void {
    const now = Date.now();
    states.set(ws, { grant, alive: true, tokens: eventsPerSecond, refilledAt: now, windowStart: now, windowCount: 0, viewing: null });
    let sockets = byUser.get(grant.userId);
    if (!sockets) {
      sockets = new Set();
      byUser.set(grant.userId, sockets);
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

  let checking = false;

  /**
   * The backstop: every open socket's grant checked again in one call, and the sockets whose grant no
   * longer holds closed. A failed check keeps every socket (a database hiccup never drops them all);
   * the next heartbeat checks again. One check runs at a time.
   */
  async function recheckGrants(check: GrantCheck): Promise<void> {
    // Only the sockets open when the check starts are judged by it (one opened meanwhile was authorized later).
    const sockets = [...states];
    const grants = new Map<string, SocketGrant>();
    for (const [, { grant }] of sockets) grants.set(grantKey(grant), grant);
    if (grants.size === 0) return;
    const checked = [...grants.values()];
    const reasons = await check(checked);
    const revoked = new Map<string, RevocationReason>();
    checked.forEach((grant, index) => {
      const reason = reasons[index];
      if (reason) revoked.set(grantKey(grant), reason);
    });
    for (const [ws, state] of sockets) {
      const reason = revoked.get(grantKey(state.grant));
      if (reason && states.has(ws)) closeRevoked(ws, reason);
    }
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
    const check = options.checkGrants;
    if (!check || checking || closed) return;
    checking = true;
    recheckGrants(check)
      .catch((error: unknown) => logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'realtime grant check failed; sockets kept'))
      .finally(() => {
        checking = false;
      });
  }, heartbeatMs);
  heartbeat.unref();

  return {
    async start() {
      await connectListener();
    },
    accept(request, socket, head, grant) {
      wss.handleUpgrade(request, socket, head, (ws) => {
        if (closed) {
          ws.close(CLOSE_GOING_AWAY, 'Server shutting down');
          return;
        }
        register(ws, grant);
      });
    },
    deliver(to, event) {
      deliverText(to, JSON.stringify(event));
    },
    revoke,
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
