import { canChangeMadeBy, canManageCompany } from '@ridgeline/shared/domain/roles';
import type { Actor, Tenant } from '../../lib/actor';
import { AppError } from '../../lib/app-error';

// Who may: every member adds the carriers and adjusters they meet; a member changes the entries they
// added, owners and managers any. Deleting an entry takes it off every claim file that names it, so
// it is owner and manager work, whoever added it.

type Entry = 'carrier' | 'adjuster';
const AN: Record<Entry, string> = { carrier: 'a carrier', adjuster: 'an adjuster' };

/** Changing a directory entry: owners and managers, or the member who added it. */
export function assertCanChangeEntry(actor: Actor, tenant: Tenant, entry: { createdBy: string | null }, kind: Entry): void {
  if (!canChangeMadeBy(tenant.role, actor.userId, entry.createdBy)) {
    throw new AppError('FORBIDDEN', `Only company owners and managers, or the person who added this ${kind}, can change it.`);
  }
}

/** Deleting a directory entry: owners and managers only. */
export function assertCanDeleteEntry(tenant: Tenant, kind: Entry): void {
  if (!canManageCompany(tenant.role)) throw new AppError('FORBIDDEN', `Only company owners and managers can delete ${AN[kind]} from the directory.`);
}
