import { isBanActive } from '@ridgeline/shared/domain/users';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';

// Who may do what in platform administration: pure rules on the actor and the target.

/** An admin cannot disable their own account (nobody would be left to enable it). */
export function assertMayDisable(actor: Actor, targetId: string, enabled: boolean): void {
  if (targetId === actor.userId && !enabled) throw AppError.badRequest('You cannot disable your own account.', 'CANNOT_DISABLE_SELF');
}

/** Who may call the impersonation function: platform admins, and an admin's impersonation session (to see and end it). */
export function assertMayUseImpersonation(actor: Actor): void {
  if (actor.role !== 'admin' && !actor.impersonatedBy) throw AppError.forbidden('Only platform admins can impersonate users.');
}

/** Only a platform admin in their own session starts an impersonation, and never of themselves. */
export function assertMayStartImpersonation(actor: Actor, targetId: string): void {
  if (actor.impersonatedBy) throw new AppError('ALREADY_IMPERSONATING', 'End the current impersonation before starting another.');
  if (actor.role !== 'admin') throw AppError.forbidden('Only platform admins can impersonate users.');
  if (targetId === actor.userId) throw AppError.badRequest('You cannot impersonate yourself.');
}

/** Platform admins and disabled accounts cannot be impersonated. */
export function assertMayBeImpersonated(target: { role: string; banned?: boolean | null; banExpires?: Date | null }): void {
  if (target.role === 'admin') throw AppError.forbidden('Platform admins cannot be impersonated.');
  if (isBanActive(target)) throw new AppError('IMPERSONATION_TARGET_DISABLED');
}
