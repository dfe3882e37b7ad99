import { canManageCompany } from '@ridgeline/shared/domain/roles';
import type { Tenant } from '../../http/context';
import { AppError } from '../../lib/app-error';

// Everyone in the company reads and works on its claim files; the pipeline itself is company
// configuration, so only owners and managers change it.

/** Only owners and managers rename, add, reorder, hide, close or delete pipeline statuses. */
export function assertCanManageStatuses(tenant: Tenant): void {
  if (!canManageCompany(tenant.role)) {
    throw new AppError('FORBIDDEN', 'Only company owners and managers can change the pipeline.');
  }
}
