import { createMiddleware } from 'hono/factory';
import { errorBodySchema } from '@ridgeline/shared/domain/errors';
import { clientIp } from '../../http/client-ip';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { loadIdentity } from '../../http/middleware/identity';
import { AppError } from '../../lib/app-error';

const HOUR = 60 * 60_000;
const MAIL_PER_ADDRESS = { limit: 3, windowMs: HOUR };
const MAIL_PER_IP = { limit: 10, windowMs: HOUR };
const SECRET_CHECK_RULE = { limit: 5, windowMs: 15 * 60_000, blockMs: 30 * 60_000 };
const WRONG_SECRET_CODES = new Set<string>(['INVALID_PASSWORD', 'INVALID_CODE', 'INVALID_BACKUP_CODE']);

/** "1 minute", "12 minutes": how long a refusal lasts, in the words the page shows. */
export function minutesText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * Mail on demand (reset links, confirmation links) is limited per address (3 an hour) and per IP
 * (10 an hour), so nobody can flood an inbox from our sender; the answer is the same whether or not
 * the address exists. Runs after the body is validated.
 */
export function mailLimit(deps: Pick<AppDeps, 'limits'>, kind: string) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const body: unknown = await c.req.json().catch(() => null);
    const email = typeof body === 'object' && body !== null && 'email' in body && typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    const [perAddress, perIp] = await Promise.all([
      deps.limits.hit(`${kind}:${email}`, MAIL_PER_ADDRESS),
      deps.limits.hit(`${kind}-ip:${clientIp(c)}`, MAIL_PER_IP),
    ]);
    const refused = [perAddress, perIp].find((limit) => !limit.allowed);
    if (refused) throw AppError.rateLimited(refused.retryAfter, 'Too many emails requested. Please wait before asking again.');
    await next();
  });
}

/**
 * Second factors and passwords checked inside a session (or a pending two-factor sign-in) cannot be
 * guessed: 5 wrong answers in 15 minutes lock these checks for 30 minutes, per user (per IP before
 * sign-in completes). Each attempt is counted before it is checked, so parallel guesses count too;
 * anything but a wrong answer gives its attempt back. Wrong answers and locks are logged as
 * security events.
 */
export function createSecretCheckLimit(deps: Pick<AppDeps, 'limits' | 'logger' | 'identity' | 'sessionCookie'>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const identity = await loadIdentity(c, deps);
    const key = identity ? `secret-check:${identity.userId}` : `secret-check-ip:${clientIp(c)}`;
    const event = { userId: identity?.userId, ip: clientIp(c), path: c.req.path };
    const state = await deps.limits.hit(key, SECRET_CHECK_RULE);
    if (!state.allowed) {
      deps.logger.warn({ event: 'secret_check_locked', ...event }, 'security');
      throw AppError.rateLimited(state.retryAfter, `Too many incorrect codes or passwords. Please try again in ${minutesText(state.retryAfter)}.`);
    }
    await next();
    const code =
      c.res.status >= 400
        ? await c.res
            .clone()
            .json()
            .then(
              (body: unknown) => errorBodySchema.safeParse(body).data?.error.code ?? '',
              () => '',
            )
        : '';
    if (WRONG_SECRET_CODES.has(code)) {
      deps.logger.warn({ event: 'secret_check_failed', code, ...event }, 'security');
      await deps.limits.block(key, SECRET_CHECK_RULE);
    } else {
      await deps.limits.refund(key);
    }
  });
}
