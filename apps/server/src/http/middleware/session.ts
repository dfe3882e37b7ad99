import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Auth } from '../../features/auth/auth';
import { AppError } from '../../lib/app-error';
import type { AppEnv } from '../context';
import type { AppDeps } from '../deps';

export type AuthSession = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>;

export const ACCOUNT_DISABLED_MESSAGE =
  'Your account access has been disabled by an administrator. Please contact your system administrator to restore access to your account.';

const SESSION_COOKIE = 'session_token';

/**
 * The request's better-auth session, read from the database at most once per request (the gates
 * and requireActor share it). No cookie, no lookup: anonymous calls cost nothing.
 */
export async function loadSession(c: Context<AppEnv>, deps: AppDeps): Promise<AuthSession | null> {
  const cached = c.get('authSession');
  if (cached !== undefined) return cached;
  const found = c.req.header('cookie')?.includes(SESSION_COOKIE) ? await deps.auth.api.getSession({ headers: c.req.raw.headers }) : null;
  c.set('authSession', found ?? null);
  return found ?? null;
}

/** A ban without an end, or one that has not ended yet: better-auth's ban is the one source of truth. */
export function isDisabled(user: { banned?: boolean | null; banExpires?: Date | string | null }): boolean {
  if (!user.banned) return false;
  return !user.banExpires || new Date(user.banExpires).getTime() > Date.now();
}

// What a disabled account may still do (spec section 6: "Disabled users are blocked and can only sign out").
const OPEN_WHEN_DISABLED: { method: string; path: string }[] = [
  { method: 'GET', path: '/api/auth/get-session' },
  { method: 'POST', path: '/api/auth/sign-out' },
];

/** Every other API call from a disabled account answers 403 ACCOUNT_DISABLED. The ban is read per request. */
export function disabledAccountGate(deps: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (OPEN_WHEN_DISABLED.some((open) => open.method === c.req.method && open.path === c.req.path)) return next();
    const session = await loadSession(c, deps);
    if (session && isDisabled(session.user)) throw new AppError('ACCOUNT_DISABLED', ACCOUNT_DISABLED_MESSAGE);
    return next();
  });
}
