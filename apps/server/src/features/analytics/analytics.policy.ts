import { canManageCompany } from '@ridgeline/shared/domain/roles';
import type { Actor, Tenant } from '../../lib/actor';
import { AppError } from '../../lib/app-error';

// Who may: owners and managers see the company's figures and may narrow them to any member; a member
// sees only their own (claim files assigned to them, their inspections and photos), whatever they ask.

/** Whether the figures cover the whole company (owners and managers) or only the caller's own. */
export function analyticsScope(tenant: Tenant): 'company' | 'own' {
  return canManageCompany(tenant.role) ? 'company' : 'own';
}

/** The member the figures are narrowed to: a member is always narrowed to themself and may not ask for another. */
export function memberFilterFor(actor: Actor, tenant: Tenant, asked: string | undefined): string | null {
  if (analyticsScope(tenant) === 'company') return asked ?? null;
  if (asked !== undefined && asked !== actor.userId) throw new AppError('FORBIDDEN', "Members see only their own figures, not a colleague's.");
  return actor.userId;
}
