import type { Context } from 'hono';
import { isBanActive } from '@ridgeline/shared/domain/users';
import { AppError } from '../../lib/app-error';
import type { AppEnv } from '../context';
import type { Identity } from '../../lib/actor';
import type { AppDeps } from '../deps';
import { verifySessionToken } from '../session-cookie';
import type { Gate } from './gate';

/**
 * The caller's identity, read at most once per request (the gates and guards share it): the signed
 * cookie is verified in memory, then one indexed query reads the session with its user and
 * membership. No cookie, no query; nothing is cached across requests, so a sign-out, a revoked
 * session or a ban is refused on the very next request.
 */
export async function loadIdentity(c: Context<AppEnv>, deps: Pick<AppDeps, 'sessionCookie' | 'identity'>): Promise<Identity | null> {
  const cached = c.get('identity');
  if (cached !== undefined) return cached;
  const token = verifySessionToken(c.req.header('cookie'), deps.sessionCookie);
  const found = token ? await deps.identity(token) : null;
  c.set('identity', found);
  return found;
}

// What a disabled account may still do: disabled users are blocked and can only sign out.
const OPEN_WHEN_DISABLED: { method: string; path: string }[] = [
  { method: 'GET', path: '/api/auth/get-session' },
  { method: 'POST', path: '/api/auth/sign-out' },
];

/** Every other API call from a disabled account answers 403 ACCOUNT_DISABLED. The ban is read per request. */
export function disabledAccountGate(deps: AppDeps): Gate {
  const refuseDisabled = async (c: Context<AppEnv>): Promise<void> => {
    const identity = await loadIdentity(c, deps);
    if (identity && isBanActive(identity)) throw new AppError('ACCOUNT_DISABLED');
  };
  return (c) => {
    // No cookie: nobody signed in, nothing to refuse (loadIdentity would find no one).
    if (c.req.header('cookie') === undefined) return;
    if (OPEN_WHEN_DISABLED.some((open) => open.method === c.req.method && open.path === c.req.path)) return;
    return refuseDisabled(c);
  };
}
