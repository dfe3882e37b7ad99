import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import {
  changePasswordSchema,
  disableTwoFactorSchema,
  factorChallengeSchema,
  factorVerifySchema,
  forgotPasswordSchema,
  resendConfirmationSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
  userExistsSchema,
} from '@ridgeline/shared/contracts/auth';
import { displayName } from '@ridgeline/shared/domain/users';
import { clientIp } from '../../http/client-ip';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { loadIdentity } from '../../http/middleware/identity';
import { validate } from '../../http/middleware/validate';
import { AppError } from '../../lib/app-error';
import { forwardToAuth } from './auth.gateway';
import { assertMayChangeCredentials } from './auth.policy';
import { createAuthService } from './auth.service';
import { createSecretCheckLimit, mailLimit, minutesText } from './auth.limits';
import { createLoginLimit } from './login-limit';

const revokeSessionSchema = z.object({ token: z.string().min(1).max(256) });

/** better-auth behind our contracts, limits and error shape, plus the user-exists rpc and the factor calls. */
export function authRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const service = createAuthService({ db: deps.database.db });
  const login = createLoginLimit(deps.limits, deps.config.authIpLimit);

  app.post('/api/rpc/user_exists_by_email', validate('json', userExistsSchema), async (c) => {
    const limit = await deps.limits.hit(`user-exists:${clientIp(c)}`, { limit: 60, windowMs: 60_000 });
    if (!limit.allowed) throw AppError.rateLimited(limit.retryAfter);
    return c.json(await service.emailExists(c.req.valid('json')._email));
  });

  app.post('/api/auth/sign-up/email', validate('json', signUpSchema), async (c) => {
    const input = c.req.valid('json');
    await service.assertSignUpAllowed(input);
    const response = await forwardToAuth(c, deps, {
      body: { ...input, name: displayName(input), callbackURL: '/auth?confirmed=1' },
    });
    // Two sign-ups racing for one address: the loser's insert fails on the unique e-mail.
    if (response.status === 422) await service.assertEmailFree(input.email);
    return response;
  });

  app.post('/api/auth/sign-in/email', validate('json', signInSchema), async (c) => {
    const { email, password } = c.req.valid('json');
    const ip = clientIp(c);
    const state = await login.attempt(email, ip);
    if (!state.allowed) {
      throw AppError.rateLimited(state.retryAfter, `Too many failed sign-in attempts. Please try again in ${minutesText(state.retryAfter)}.`);
    }
    const response = await forwardToAuth(c, deps, { body: { email, password, rememberMe: true } });
    // Only a wrong password counts: an unverified or disabled account had the right one.
    if (response.status === 401) await login.recordFailure(email, ip);
    else await login.recordSuccess(email, ip);
    return response;
  });

  app.post('/api/auth/request-password-reset', validate('json', forgotPasswordSchema), mailLimit(deps, 'reset'), async (c) =>
    forwardToAuth(c, deps, { body: { email: c.req.valid('json').email, redirectTo: '/auth?mode=reset' } }),
  );

  app.post('/api/auth/send-verification-email', validate('json', resendConfirmationSchema), mailLimit(deps, 'confirm-mail'), async (c) =>
    forwardToAuth(c, deps, { body: { email: c.req.valid('json').email, callbackURL: '/auth?confirmed=1' } }),
  );

  app.post('/api/auth/reset-password', validate('json', resetPasswordSchema), async (c) => {
    const input = c.req.valid('json');
    service.assertPasswordNotCommon(input.newPassword);
    return forwardToAuth(c, deps, { body: input });
  });

  // An admin viewing as someone (impersonation) cannot change that person's password, two-factor
  // settings or sessions (auth.policy.ts).
  const impersonationGuard = createMiddleware<AppEnv>(async (c, next) => {
    assertMayChangeCredentials(await loadIdentity(c, deps));
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

  const secretCheckLimit = createSecretCheckLimit(deps);
  for (const path of [
    '/api/auth/change-password',
    '/api/auth/verify-password',
    '/api/auth/two-factor/enable',
    '/api/auth/two-factor/disable',
    '/api/auth/two-factor/verify-totp',
    '/api/auth/two-factor/verify-backup-code',
    '/api/auth/two-factor/generate-backup-codes',
    '/api/auth/factors/*',
  ]) {
    app.use(path, secretCheckLimit);
  }

  // better-auth's admin endpoints are reached only through our functions, which write the audit log.
  app.all('/api/auth/admin/*', () => {
    throw AppError.notFound('Use the admin pages of Ridgeline.');
  });

  app.post('/api/auth/change-password', validate('json', changePasswordSchema), async (c) => {
    const input = c.req.valid('json');
    service.assertPasswordNotCommon(input.newPassword);
    // A new password signs out every other device unless the caller asks to keep them.
    return forwardToAuth(c, deps, { body: { ...input, revokeOtherSessions: input.revokeOtherSessions ?? true } });
  });

  // Disabling two-factor proves both factors: the code first, then better-auth checks the password.
  app.post('/api/auth/two-factor/disable', validate('json', disableTwoFactorSchema), async (c) => {
    const { password, code } = c.req.valid('json');
    const check = await forwardToAuth(c, deps, { path: '/api/auth/two-factor/verify-totp', body: { code } });
    if (!check.ok) return check;
    return forwardToAuth(c, deps, { body: { password } });
  });

  // The multi-factor calls: the challenge binds the code that follows to a short-lived id.
  app.post('/api/auth/factors/:factorId/challenge', validate('json', factorChallengeSchema), async (c) =>
    c.json(await service.createFactorChallenge(c.req.param('factorId'), c.req.valid('json').channel)),
  );

  app.post('/api/auth/factors/:factorId/verify', validate('json', factorVerifySchema), async (c) => {
    const { code, challenge_id } = c.req.valid('json');
    await service.useFactorChallenge(c.req.param('factorId'), challenge_id);
    return forwardToAuth(c, deps, { path: '/api/auth/two-factor/verify-totp', method: 'POST', body: { code } });
  });

  app.get('/.well-known/jwks.json', async (c) => {
    const response = await forwardToAuth(c, deps, { path: '/api/auth/jwks', method: 'GET' });
    const headers = new Headers(response.headers);
    headers.set('Cache-Control', 'public, max-age=600');
    return new Response(response.body, { status: response.status, headers });
  });

  // A session token is short; bound it so an overlong body is a 400 like everywhere else.
  // Only one's own sessions can be revoked: another user's token is not found (better-auth would
  // answer success and do nothing).
  app.post('/api/auth/revoke-session', validate('json', revokeSessionSchema), async (c) => {
    const identity = await loadIdentity(c, deps);
    if (identity) await service.assertOwnSession(identity.userId, c.req.valid('json').token);
    return forwardToAuth(c, deps, { body: c.req.valid('json') });
  });

  // Profile fields change through PATCH /api/me (validated and bounded); better-auth's own
  // update-user would store names of any length and any image URL.
  app.post('/api/auth/update-user', () => {
    throw AppError.notFound('Update your profile through PATCH /api/me.');
  });

  app.on(['GET', 'POST'], '/api/auth/*', (c) => forwardToAuth(c, deps));
  return app;
}
