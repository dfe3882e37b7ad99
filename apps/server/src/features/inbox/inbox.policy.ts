import type { Actor, Tenant } from '../../lib/actor';
import type { InboxOwner } from './inbox.repository';

// Who may: every member of a company, whatever their role, reads and marks read their own
// notifications and nobody else's (an owner does not read the team's inbox). Every statement of the
// inbox is filtered by this owner, so another user's notification is not found.

export function inboxOwner(actor: Actor, tenant: Tenant): InboxOwner {
  return { companyId: tenant.companyId, profileId: actor.userId };
}
