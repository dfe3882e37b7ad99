import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { STATUS_CODES } from 'node:http';
import { errorMessage, errorStatus, type ErrorBody, type ErrorCode } from '@ridgeline/shared/domain/errors';
import { isBanActive } from '@ridgeline/shared/domain/users';
import type { RealtimeHub, SocketGrant } from '../infra/realtime/hub';
import type { AppDeps } from './deps';
import { verifySessionToken } from './session-cookie';
import { trustedOrigins } from './trusted-origins';

// The realtime socket, GET /api/realtime upgraded to a WebSocket, is authenticated like every
// request: a page of a trusted origin, the signed session cookie, then the one identity query. A
// refused upgrade is answered on the socket with the one error shape before it is closed: 401 with
// no live session, 403 from another origin, for a disabled account or a user with no company. An
// accepted socket keeps its grant (user, session, company): it is closed when that session ends,
// the account is disabled or the user leaves the company (infra/realtime/hub.ts).

export const REALTIME_PATH = '/api/realtime';

type UpgradeDeps = Pick<AppDeps, 'config' | 'sessionCookie' | 'identity' | 'logger'>;

function pathOf(url: string | undefined): string {
  const raw = url ?? '/';
  const query = raw.indexOf('?');
  return query === -1 ? raw : raw.slice(0, query);
}

/** Writes an HTTP error answer with the one error shape on a socket that asked to upgrade, then closes it. */
function refuse(socket: Duplex, code: ErrorCode): void {
  if (socket.destroyed) return;
  const status = errorStatus(code);
  const body: ErrorBody = { error: { message: errorMessage(code), code, timestamp: new Date().toISOString(), requestId: randomUUID() } };
  const text = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
      'Connection: close\r\n' +
      'Content-Type: application/json; charset=UTF-8\r\n' +
      `X-Request-Id: ${body.error.requestId}\r\n` +
      `Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
  );
}

/** Who may open the socket: the grant it is opened with when allowed, else the code it is refused with. */
export async function authorizeUpgrade(
  request: IncomingMessage,
  deps: UpgradeDeps,
  allowedOrigins: ReadonlySet<string>,
): Promise<{ grant: SocketGrant } | { refuse: ErrorCode }> {
  if (request.method !== 'GET') return { refuse: 'METHOD_NOT_ALLOWED' };
  const origin = request.headers.origin;
  if (!origin || !allowedOrigins.has(origin)) return { refuse: 'INVALID_ORIGIN' };
  const token = verifySessionToken(request.headers.cookie, deps.sessionCookie);
  const identity = token ? await deps.identity(token) : null;
  if (!identity) return { refuse: 'UNAUTHENTICATED' };
  if (isBanActive(identity)) return { refuse: 'ACCOUNT_DISABLED' };
  if (!identity.tenant) return { refuse: 'NO_COMPANY' };
  return { grant: { userId: identity.userId, sessionId: identity.sessionId, companyId: identity.tenant.companyId } };
}

/** Handles the node server's upgrade requests: /api/realtime goes to the hub once authorized; any other path is refused. */
export function attachRealtimeUpgrade(server: Server, deps: UpgradeDeps, hub: RealtimeHub): void {
  const allowedOrigins = new Set(trustedOrigins(deps.config));
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A client that goes away during the checks must not crash the process.
    socket.on('error', () => socket.destroy());
    if (pathOf(request.url) !== REALTIME_PATH || request.headers.upgrade?.toLowerCase() !== 'websocket') {
      refuse(socket, 'NOT_FOUND');
      return;
    }
    authorizeUpgrade(request, deps, allowedOrigins).then(
      (result) => {
        if (socket.destroyed) return;
        if ('refuse' in result) refuse(socket, result.refuse);
        else hub.accept(request, socket, head, result.grant);
      },
      (error: unknown) => {
        deps.logger.error({ err: error instanceof Error ? error.message : String(error) }, 'realtime upgrade failed');
        refuse(socket, 'INTERNAL_ERROR');
      },
    );
  });
}
