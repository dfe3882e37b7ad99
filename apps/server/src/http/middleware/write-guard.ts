import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import type { Gate } from './gate';
import { trustedOrigins } from '../trusted-origins';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Stripe's webhook: sent by Stripe's servers, with no Origin; it proves itself by its signature instead. */
export const STRIPE_WEBHOOK_PATH = '/api/billing/webhook';
/**
 * The one POST whose body is a raw photo, not JSON: Shingle ID's suggestions from a photo (nothing is
 * stored, so it is not a PUT). It checks its own type from the bytes and has its own size limit.
 */
export const RAW_POST_PATHS: ReadonlySet<string> = new Set(['/api/shingles/vision-suggestions']);

/** Whether a request's body is raw bytes (an upload), not JSON: every PUT, and the POSTs of RAW_POST_PATHS. */
export const isRawBody = (method: string, path: string): boolean => method === 'PUT' || (method === 'POST' && RAW_POST_PATHS.has(path));

function originOf(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}

/**
 * Every call that changes data must come from a page of a trusted origin (the Origin header, or the
 * Referer's origin when a browser sends no Origin), whatever cookies it carries: SameSite cookies
 * alone are not the only line against cross-site writes. A body on a JSON route must be JSON; raw
 * uploads are PUTs (and the POSTs of RAW_POST_PATHS) and check their own type from the bytes. The one exception is Stripe's webhook
 * (POST /api/billing/webhook): no browser sends it, and a wrong signature changes nothing.
 */
export function writeGuard(config: Pick<Config, 'publicUrl' | 'trustedOrigins'>): Gate {
  const allowed = new Set(trustedOrigins(config));
  return (c) => {
    if (!WRITES.has(c.req.method) || (c.req.method === 'POST' && c.req.path === STRIPE_WEBHOOK_PATH)) return;
    const origin = c.req.header('origin') ?? originOf(c.req.header('referer'));
    if (!origin || !allowed.has(origin)) throw new AppError('INVALID_ORIGIN');
    const hasBody = Number(c.req.header('content-length') ?? 0) > 0 || c.req.header('transfer-encoding') !== undefined;
    const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
    if (!isRawBody(c.req.method, c.req.path) && hasBody && type !== 'application/json') {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as JSON (Content-Type: application/json).');
    }
  };
}
