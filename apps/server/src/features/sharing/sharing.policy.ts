import { canManageCompany } from '@ridgeline/shared/domain/roles';
import type { Tenant } from '../../lib/actor';
import { AppError } from '../../lib/app-error';

// Who may: every member shares a claim file's documents (a link for the adjuster or the homeowner)
// and sends it by email; taking back what went outside the company is the office's, so only owners
// and managers revoke a link, whoever made it. Opening a link takes no sign-in: its token is the key.

export function assertCanRevokeShareLink(tenant: Tenant): void {
  if (!canManageCompany(tenant.role)) throw new AppError('FORBIDDEN', 'Only company owners and managers can revoke a share link.');
}
