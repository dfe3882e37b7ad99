import { createMiddleware } from 'hono/factory';
import { AppError } from '../../lib/app-error';
import type { AppEnv } from '../context';
import type { AppDeps } from '../deps';
import { loadIdentity } from './identity';

/** Resolves the signed-in actor from the session cookie; 401 without one. */
export function requireActor(deps: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const identity = await loadIdentity(c, deps);
    if (!identity) throw AppError.unauthenticated();
    c.set('actor', {
      userId: identity.userId,
      email: identity.email,
      role: identity.role,
      sessionId: identity.sessionId,
      impersonatedBy: identity.impersonatedBy,
    });
    await next();
  });
}

/**
 * Resolves the actor's company (the tenant) from the identity already read: no query of its own.
 * 403 for a user without one. Use after requireActor.
 */
export function requireTenant(deps: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const tenant = (await loadIdentity(c, deps))?.tenant;
    if (!tenant) throw new AppError('NO_COMPANY', 'You are not a member of a company.');
    c.set('tenant', tenant);
    await next();
  });
}

/** Platform admins only (a company owner is not one); 403 otherwise. Use after requireActor. */
export function requirePlatformAdmin(message = 'Only platform admins can do this.') {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.get('actor').role !== 'admin') throw AppError.forbidden(message);
    await next();
  });
}
