import { timingSafeEqual } from 'node:crypto';
import { AppError } from '../../lib/app-error';

// Who may: health, liveness and readiness answer anyone (load balancers and uptime checks hold no
// session); the metrics tell an outsider how busy the instance is and which routes exist, so they
// answer only the bearer of METRICS_TOKEN, and are not served on the app's port without one.

/** Whether the Authorization header carries the metrics token (compared in constant time). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** 404 without a configured token, 401 without its bearer. */
export function assertMayReadMetrics(authorization: string | undefined, token: string | null): void {
  if (!token) throw AppError.notFound('Metrics are not served on this port.');
  if (!bearerMatches(authorization, token)) throw AppError.unauthenticated('A valid metrics token is required.');
}
