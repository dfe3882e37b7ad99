import { canManageCompany, type CompanyRole } from '@ridgeline/shared/domain/roles';
import type { Actor, Tenant } from '../../lib/actor';
import { AppError } from '../../lib/app-error';

/** Only owners and managers change the company or its team. */
export function assertCanManageCompany(tenant: Tenant): void {
  if (!canManageCompany(tenant.role)) {
    throw new AppError('FORBIDDEN', 'Only company owners and managers can do this.');
  }
}

/** Only an owner makes someone an owner or changes an owner's role. */
export function assertCanChangeRole(tenant: Tenant, target: { role: string }, role: CompanyRole): void {
  assertCanManageCompany(tenant);
  if ((role === 'owner' || target.role === 'owner') && tenant.role !== 'owner') {
    throw new AppError('FORBIDDEN', 'Only an owner can change who is an owner.');
  }
}

/** Nobody removes themselves (they would lose the team page); only an owner removes an owner. */
export function assertCanRemoveMember(actor: Actor, tenant: Tenant, target: { userId: string; role: string }): void {
  assertCanManageCompany(tenant);
  if (target.userId === actor.userId) throw new AppError('CANNOT_REMOVE_SELF', 'You cannot remove yourself from the team.');
  if (target.role === 'owner' && tenant.role !== 'owner') throw new AppError('FORBIDDEN', 'Only an owner can remove an owner.');
}

/** An invitation admits someone only while it is pending and unexpired. */
export function isInvitationUsable(invitation: { status: string; expiresAt: Date }, now = new Date()): boolean {
  return invitation.status === 'pending' && invitation.expiresAt > now;
}

/** An invitation is accepted only by the address it was sent to (addresses are stored lower-case). */
export function isInvitationFor(invitation: { email: string }, email: string): boolean {
  return invitation.email === email.toLowerCase();
}
