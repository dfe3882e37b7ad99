import { canChangeMadeBy, canManageCompany } from '@ridgeline/shared/domain/roles';
import type { Actor, Tenant } from '../../lib/actor';
import { AppError } from '../../lib/app-error';

// Everyone in the company reads and works on its claim files (creates them, edits them, moves,
// archives, notes, tasks, uploads files); the pipeline itself is company configuration, so only owners
// and managers change it, and a file on a claim file is deleted for good only by the person who
// uploaded it or by an owner or manager.

/** Only owners and managers rename, add, reorder, hide, close or delete pipeline statuses. */
export function assertCanManageStatuses(tenant: Tenant): void {
  if (!canManageCompany(tenant.role)) {
    throw new AppError('FORBIDDEN', 'Only company owners and managers can change the pipeline.');
  }
}

/** A claim file's file is deleted (for good) by its uploader, or by an owner or manager. */
export function assertCanDeleteProjectFile(actor: Actor, tenant: Tenant, file: { uploadedBy: string | null }): void {
  if (!canChangeMadeBy(tenant.role, actor.userId, file.uploadedBy)) {
    throw new AppError('FORBIDDEN', 'Only company owners and managers, or the person who uploaded this file, can delete it.');
  }
}
