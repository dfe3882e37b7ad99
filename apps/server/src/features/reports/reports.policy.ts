import { canManageCompany } from '@ridgeline/shared/domain/roles';
import type { Tenant } from '../../lib/actor';
import { AppError } from '../../lib/app-error';

// Every member of the company makes, arranges, renders and downloads its documents; the company's
// cover letter template is its owners' and managers' to set, and so is deleting a document: it takes
// the PDF and every link that shared it outside the company with it.

/** Only owners and managers change the company's cover letter template. */
export function assertCanEditCoverLetter(tenant: Tenant): void {
  if (!canManageCompany(tenant.role)) {
    throw new AppError('FORBIDDEN', 'Only company owners and managers can change the cover letter template.');
  }
}

/** Only owners and managers delete a document (its PDF and its share links go with it). */
export function assertCanDeleteDocument(tenant: Tenant): void {
  if (!canManageCompany(tenant.role)) throw new AppError('FORBIDDEN', 'Only company owners and managers can delete a document.');
}
