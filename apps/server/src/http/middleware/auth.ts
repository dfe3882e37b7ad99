import { createMiddleware } from 'hono/factory';
import type { CompanyRole, PlatformRole } from '@ridgeline/shared/domain/roles';
import { findMembership } from '../../features/company/company.repository';
import { AppError } from '../../lib/app-error';
import type { AppEnv } from '../context';
import type { AppDeps } from '../deps';
import { loadSession } from './session';

/** Resolves the signed-in actor from the session cookie; 401 without one. */
export function requireActor(deps: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const found = await loadSession(c, deps);
    if (!found) throw AppError.unauthenticated();
    const { user, session } = found;
    c.set('actor', {
      userId: user.id,
      email: user.email,
      role: (user.role === 'admin' ? 'admin' : 'contractor') satisfies PlatformRole,
      sessionId: session.id,
      impersonatedBy: session.impersonatedBy ?? null,
    });
    await next();
  });
}

/** Resolves the actor's company (the tenant); 403 for a user without one. Use after requireActor. */
export function requireTenant(deps: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const membership = await findMembership(deps.database.db, c.get('actor').userId);
    if (!membership) throw new AppError('NO_COMPANY', 'You are not a member of a company.');
    c.set('tenant', { companyId: membership.companyId, role: membership.role as CompanyRole });
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
