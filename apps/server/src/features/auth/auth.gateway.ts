import type { Context } from 'hono';
import type { AppEnv } from '../../http/context';
import { clientIp } from '../../http/client-ip';
import type { AppDeps } from '../../http/deps';
import { errorBody } from '../../http/middleware/errors';
import { ACCOUNT_DISABLED_CODE } from '@ridgeline/shared/contracts/admin';
import { errorMessage } from '@ridgeline/shared/domain/errors';

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
    body = await c.req.raw.arrayBuffer();
  }
  const response = await deps.auth.handler(new Request(url, { method, headers, body }));
  return reshapeError(c, response);
}

async function reshapeError(c: Context<AppEnv>, response: Response): Promise<Response> {
  if (response.status < 400) return response;
  let code = 'AUTH_ERROR';
  let message = response.statusText || 'Request failed';
  try {
    const parsed = (await response.clone().json()) as { code?: unknown; message?: unknown } | null;
    if (parsed && typeof parsed.code === 'string') code = parsed.code;
    if (parsed && typeof parsed.message === 'string' && parsed.message) message = parsed.message;
  } catch {
    // Not JSON: keep the status text.
  }
  if (code === 'BANNED_USER') {
    // better-auth's ban is the disabled account: one code and the spec's sentence for the client.
    code = ACCOUNT_DISABLED_CODE;
    message = errorMessage('ACCOUNT_DISABLED');
  }
  const headers = new Headers(response.headers);
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  headers.set('X-Request-Id', c.get('requestId'));
  return new Response(JSON.stringify(errorBody(c, code, message)), { status: response.status, headers });
}
