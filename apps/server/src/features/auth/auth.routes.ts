import { randomUUID } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import {
  changePasswordSchema,
  disableTwoFactorSchema,
  factorChallengeSchema,
  factorVerifySchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
  userExistsSchema,
} from '@ridgeline/shared/contracts/auth';
import { EMAIL_ALREADY_REGISTERED_MESSAGE } from '@ridgeline/shared/domain/auth-messages';
import { COMMON_PASSWORD_MESSAGE } from '@ridgeline/shared/domain/password-policy';
import { user, verification } from '../../infra/db/schema/index';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { loadIdentity } from '../../http/middleware/identity';
import { validate } from '../../http/middleware/validate';
import { AppError } from '../../lib/app-error';
import { isCommonPassword } from './common-passwords';
import { clientIp } from '../../http/client-ip';
import { forwardToAuth } from './auth.gateway';
import { createLoginLimit } from './login-limit';

const TOTP_FACTOR_ID = 'totp';
const CHALLENGE_TTL_MS = 5 * 60_000;
const revokeSessionSchema = z.object({ token: z.string().min(1).max(256) });

function assertNotCommon(password: string): void {
  if (isCommonPassword(password)) throw AppError.badRequest(COMMON_PASSWORD_MESSAGE, 'WEAK_PASSWORD');
}

function minutesText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? '1 minute' : `${minutes} minutes`;
}

/** better-auth behind our contracts, limits and error shape, plus the spec's rpc and factor calls. */
export function authRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;
  const login = createLoginLimit(deps.limits, deps.config.authIpLimit);

  async function emailExists(email: string): Promise<boolean> {
    const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
    return row !== undefined;
  }

  app.post('/api/rpc/user_exists_by_email', validate('json', userExistsSchema), async (c) => {
    const limit = await deps.limits.hit(`user-exists:${clientIp(c)}`, { limit: 60, windowMs: 60_000 });
    if (!limit.allowed) throw AppError.rateLimited(limit.retryAfter);
    return c.json(await emailExists(c.req.valid('json')._email));
  });

  app.post('/api/auth/sign-up/email', validate('json', signUpSchema), async (c) => {
    const input = c.req.valid('json');
    assertNotCommon(input.password);
    if (await emailExists(input.email)) throw AppError.conflict(EMAIL_ALREADY_REGISTERED_MESSAGE, 'EMAIL_ALREADY_REGISTERED');
    const response = await forwardToAuth(c, deps, {
      body: { ...input, name: `${input.firstName} ${input.lastName}`, callbackURL: '/auth?confirmed=1' },
    });
    // Two sign-ups racing for one address: the loser's insert fails on the unique e-mail.
    if (response.status === 422 && (await emailExists(input.email))) {
      throw AppError.conflict(EMAIL_ALREADY_REGISTERED_MESSAGE, 'EMAIL_ALREADY_REGISTERED');
    }
    return response;
  });

  app.post('/api/auth/sign-in/email', validate('json', signInSchema), async (c) => {
    const { email, password } = c.req.valid('json');
    const ip = clientIp(c);
    const state = await login.check(email, ip);
    if (!state.allowed) {
      throw AppError.rateLimited(
        state.retryAfter,
        `Too many failed sign-in attempts. Please try again in ${minutesText(state.retryAfter)}.`,
      );
    }
    const response = await forwardToAuth(c, deps, { body: { email, password, rememberMe: true } });
    if (response.status === 401) await login.recordFailure(email, ip);
    else if (response.ok) await login.recordSuccess(email, ip);
    return response;
  });

  app.post('/api/auth/request-password-reset', validate('json', forgotPasswordSchema), async (c) => {
    const limit = await deps.limits.hit(`reset:${clientIp(c)}`, { limit: 10, windowMs: 60 * 60_000 });
    if (!limit.allowed) throw AppError.rateLimited(limit.retryAfter);
    return forwardToAuth(c, deps, { body: { email: c.req.valid('json').email, redirectTo: '/auth?mode=reset' } });
  });

  app.post('/api/auth/reset-password', validate('json', resetPasswordSchema), async (c) => {
    const input = c.req.valid('json');
    assertNotCommon(input.newPassword);
    return forwardToAuth(c, deps, { body: input });
  });

  // An admin viewing as someone (impersonation) cannot change that person's password, two-factor
  // settings or sessions (issue 3, section 3).
  const impersonationGuard = createMiddleware<AppEnv>(async (c, next) => {
    if ((await loadIdentity(c, deps))?.impersonatedBy) {
      throw new AppError('IMPERSONATION_RESTRICTED', "An admin viewing as this user cannot change their password, two-factor settings or sessions.");
    }
    await next();
  });
  for (const path of [
    '/api/auth/change-password',
    '/api/auth/set-password',
    '/api/auth/change-email',
    '/api/auth/delete-user',
    '/api/auth/two-factor/*',
    '/api/auth/revoke-session',
    '/api/auth/revoke-sessions',
    '/api/auth/revoke-other-sessions',
  ]) {
    app.use(path, impersonationGuard);
  }

  // better-auth's admin endpoints are reached only through our functions, which write the audit log.
  app.all('/api/auth/admin/*', () => {
    throw AppError.notFound('Use the admin pages of Ridgeline.');
  });

  app.post('/api/auth/change-password', validate('json', changePasswordSchema), async (c) => {
    const input = c.req.valid('json');
    assertNotCommon(input.newPassword);
    return forwardToAuth(c, deps, { body: { ...input, revokeOtherSessions: false } });
  });

  // Disabling two-factor proves both factors: the code first, then better-auth checks the password.
  app.post('/api/auth/two-factor/disable', validate('json', disableTwoFactorSchema), async (c) => {
    const { password, code } = c.req.valid('json');
    const check = await forwardToAuth(c, deps, { path: '/api/auth/two-factor/verify-totp', body: { code } });
    if (!check.ok) return check;
    return forwardToAuth(c, deps, { body: { password } });
  });

  // The spec's multi-factor calls. TOTP is the one factor: nothing is sent, the challenge only
  // binds the code that follows to a short-lived id. No SMS provider exists, so other channels fail.
  app.post('/api/auth/factors/:factorId/challenge', validate('json', factorChallengeSchema), async (c) => {
    const { channel } = c.req.valid('json');
    if (c.req.param('factorId') !== TOTP_FACTOR_ID) throw AppError.badRequest('Unknown factor. Only "totp" is available.');
    if (channel !== undefined && channel !== 'totp') {
      throw AppError.badRequest(`The "${channel.slice(0, 20)}" channel is not available: use your authenticator app (totp).`);
    }
    const id = randomUUID();
    const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS);
    await db.insert(verification).values({ id, identifier: `factor-challenge:${id}`, value: TOTP_FACTOR_ID, expiresAt });
    return c.json({ id, factor_id: TOTP_FACTOR_ID, type: 'totp', expires_at: expiresAt.toISOString() });
  });

  app.post('/api/auth/factors/:factorId/verify', validate('json', factorVerifySchema), async (c) => {
    const { code, challenge_id } = c.req.valid('json');
    if (c.req.param('factorId') !== TOTP_FACTOR_ID) throw AppError.badRequest('Unknown factor. Only "totp" is available.');
    const [challenge] = await db
      .delete(verification)
      .where(and(eq(verification.identifier, `factor-challenge:${challenge_id}`), gt(verification.expiresAt, new Date())))
      .returning();
    if (!challenge) throw AppError.badRequest('This challenge is unknown or has expired. Request a new one.', 'INVALID_CHALLENGE');
    return forwardToAuth(c, deps, { path: '/api/auth/two-factor/verify-totp', method: 'POST', body: { code } });
  });

  app.get('/.well-known/jwks.json', async (c) => {
    const response = await forwardToAuth(c, deps, { path: '/api/auth/jwks', method: 'GET' });
    const headers = new Headers(response.headers);
    headers.set('Cache-Control', 'public, max-age=600');
    return new Response(response.body, { status: response.status, headers });
  });

  // A session token is short; bound it so an overlong body is a 400 like everywhere else.
  app.post('/api/auth/revoke-session', validate('json', revokeSessionSchema), (c) => forwardToAuth(c, deps, { body: c.req.valid('json') }));

  // Profile fields change through PATCH /api/me (validated and bounded); better-auth's own
  // update-user would store names of any length and any image URL.
  app.post('/api/auth/update-user', () => {
    throw AppError.notFound('Update your profile through PATCH /api/me.');
  });

  app.on(['GET', 'POST'], '/api/auth/*', (c) => forwardToAuth(c, deps));
  return app;
}
