import { canManageCompany } from '@ridgeline/shared/domain/roles';
import type { Tenant } from '../../lib/actor';
import { AppError } from '../../lib/app-error';

// Who may: every member identifies shingles and reads the company's identifications; the office
// (owners and managers) keeps the company's own products, since every member's ranking uses them.
// The shared catalog is the platform admins' (the route guard says so).

export function assertCanManageLocalProducts(tenant: Tenant): void {
  if (!canManageCompany(tenant.role)) throw new AppError('FORBIDDEN', "Only company owners and managers can change the company's own products.");
}
