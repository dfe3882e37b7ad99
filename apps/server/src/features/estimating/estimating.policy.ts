import { canManageCompany } from '@ridgeline/shared/domain/roles';
import type { Tenant } from '../../lib/actor';
import { AppError } from '../../lib/app-error';

// Every member of the company measures, estimates and reads the price list; the company's unit
// prices are its owners' and managers' to set.

/** Only owners and managers change the company's price list. */
export function assertCanEditPriceList(tenant: Tenant): void {
  if (!canManageCompany(tenant.role)) {
    throw new AppError('FORBIDDEN', 'Only company owners and managers can change the price list.');
  }
}
