import type { Actor, Tenant } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { FeedbackOwner } from './feedback.repository';

// Who may do what with feedback: pure rules on the actor and their company.

/**
 * What a user reads and answers: only their own feedback, in their own company. Every member sends
 * and follows their own, whatever their role; an owner does not read the team's.
 */
export function feedbackOwner(actor: Actor, tenant: Tenant): FeedbackOwner {
  return { companyId: tenant.companyId, authorId: actor.userId };
}

/** Only platform admins (the Ridgeline team) triage: every company's feedback, its status and the team's replies. */
export function assertMayTriage(actor: Actor): void {
  if (actor.role !== 'admin') throw AppError.forbidden('Only platform admins can triage feedback.');
}
