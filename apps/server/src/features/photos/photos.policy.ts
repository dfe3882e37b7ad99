import { canChangeMadeBy } from '@ridgeline/shared/domain/roles';
import type { Actor, Tenant } from '../../lib/actor';
import { AppError } from '../../lib/app-error';

// Who may: every member captures photos and works them (retag, annotate, move between sessions and
// claim files, thumbnails made again); a photo leaves the gallery, and comes back, by the hand of the
// person who took it or of an owner or manager, so a member cannot take a colleague's evidence away.

/** Deleting or restoring a photo: the person who uploaded it, or an owner or manager. */
export function assertCanRemovePhoto(actor: Actor, tenant: Tenant, photo: { uploadedBy: string | null }, action: 'delete' | 'restore'): void {
  if (!canChangeMadeBy(tenant.role, actor.userId, photo.uploadedBy)) {
    throw new AppError('FORBIDDEN', `Only company owners and managers, or the person who took this photo, can ${action} it.`);
  }
}
