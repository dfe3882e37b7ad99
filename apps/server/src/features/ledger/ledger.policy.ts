import { canManageCompany } from '@ridgeline/shared/domain/roles';
import type { Tenant } from '../../lib/actor';
import { AppError } from '../../lib/app-error';

// Who may: everyone in the company reads a claim file's money; the office (owners and managers)
// records it, since what is entered is what the company bills and reconciles.

/** Whether the member may add entries (and reversals) to a claim file's ledger. */
export function mayWriteLedger(tenant: Tenant): boolean {
  return canManageCompany(tenant.role);
}

/** Only owners and managers add entries; members read. */
export function assertCanWriteLedger(tenant: Tenant): void {
  if (!mayWriteLedger(tenant)) throw new AppError('FORBIDDEN', 'Only company owners and managers can record money on a claim file.');
}
