import { canManageCompany } from '@ridgeline/shared/domain/roles';
import type { Actor, Tenant } from '../../lib/actor';
import { AppError } from '../../lib/app-error';

/** Owners (and platform admins) choose the plan and pay: plans, credit packs, the payment portal. */
export function canPay(actor: Actor, tenant: Tenant): boolean {
  return tenant.role === 'owner' || actor.role === 'admin';
}

export function assertCanPay(actor: Actor, tenant: Tenant): void {
  if (!canPay(actor, tenant)) throw new AppError('NOT_PAYER');
}

/** Owners and managers spend the company's credits on service orders and cancel them. */
export function assertCanOrderServices(tenant: Tenant): void {
  if (!canManageCompany(tenant.role)) throw new AppError('FORBIDDEN', 'Only company owners and managers can order or cancel services.');
}
