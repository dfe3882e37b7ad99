import { canManageCompany } from '@ridgeline/shared/domain/roles';
import type { Tenant } from '../../http/context';
import { AppError } from '../../lib/app-error';

/** Only owners and managers change the company or its team. */
export function assertCanManageCompany(tenant: Tenant): void {
  if (!canManageCompany(tenant.role)) {
    throw AppError.forbidden('Only company owners and managers can do this.');
  }
}
