import type { Context } from 'hono';
import type { AppEnv } from '../../http/context';
import { clientIp } from '../../http/client-ip';
import type { AppDeps } from '../../http/deps';
import { errorBody, genericCodeForStatus, statusOf } from '../../http/middleware/errors';
import { withAuthFault } from './auth-faults';
import { ACCOUNT_DISABLED_CODE } from '@ridgeline/shared/contracts/admin';
import { errorMessage, errorStatus, isErrorCode, type ErrorCode } from '@ridgeline/shared/domain/errors';

// better-auth answers `{ code, message }` on failure; the product has one error shape. Every
// request to better-auth passes through here so its failures are reshaped and the client IP is
// the socket's, not a header the client chose.

type ForwardOptions = { path?: string; method?: string; body?: unknown };

/** Passes the request (optionally with a new path or validated body) to better-auth. */
export async function forwardToAuth(c: Context<AppEnv>, deps: AppDeps, options: ForwardOptions = {}): Promise<Response> {
  const incoming = new URL(c.req.url);
  const url = new URL(options.path ?? incoming.pathname, incoming);
  url.search = options.path?.includes('?') ? new URL(options.path, incoming).search : incoming.search;
  const headers = new Headers(c.req.raw.headers);
  headers.delete('content-length');
  headers.set('x-ridgeline-client-ip', clientIp(c));
  const method = options.method ?? c.req.method;
  let body: ArrayBuffer | string | undefined;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set('content-type', 'application/json');
  } else if (method !== 'GET' && method !== 'HEAD') {
    // Through the body cache: the unsafe-text check has read it already.
    body = await c.req.arrayBuffer();
  }
  const { response, busy } = await withAuthFault(() => deps.auth.handler(new Request(url, { method, headers, body })));
  if (response.status >= 500 && busy) throw busy;
  return reshapeError(c, response);
}

// better-auth's code for a banned user is the product's disabled account.
const RENAMED: Record<string, ErrorCode> = { BANNED_USER: ACCOUNT_DISABLED_CODE };

/**
 * The catalogue code for a better-auth failure: its own code when the catalogue has it with the
 * status better-auth sent, else the generic code of that status. The answer is always sent with
 * the code's status, so code and status agree on every failure.
 */
export function authErrorCode(code: string | undefined, status: number): ErrorCode {
  const named = code === undefined ? undefined : (RENAMED[code] ?? code);
  if (isErrorCode(named) && errorStatus(named) === status) return named;
  return genericCodeForStatus(status);
}

async function reshapeError(c: Context<AppEnv>, response: Response): Promise<Response> {
  if (response.status < 400) return response;
  let sent: { code?: unknown; message?: unknown } | null = null;
  try {
    sent = (await response.clone().json()) as { code?: unknown; message?: unknown } | null;
  } catch {
    // Not JSON: the status alone decides.
  }
  const code = authErrorCode(typeof sent?.code === 'string' ? sent.code : undefined, response.status);
  // A disabled account always reads the product's sentence, and a server fault only the generic
  // words (never better-auth's internals); otherwise better-auth's words, if any.
  const sentMessage = typeof sent?.message === 'string' ? sent.message : '';
  const message = code !== ACCOUNT_DISABLED_CODE && response.status < 500 && sentMessage ? sentMessage : errorMessage(code);
  const headers = new Headers(response.headers);
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  headers.set('X-Request-Id', c.get('requestId'));
  return new Response(JSON.stringify(errorBody(c, code, message)), { status: statusOf(code), headers });
}
