import { canEditProposal, type ProposalStatus } from '@ridgeline/shared/domain/documents';
import type { Actor, Tenant } from '../../lib/actor';
import { AppError } from '../../lib/app-error';

// Who may: every member builds proposals from an estimate and draws their PDF; a proposal is changed
// by the person who prepared it and by owners and managers (a signed one is frozen for everyone: 409
// PROPOSAL_SIGNED, the service's).

export function assertCanEditProposal(actor: Actor, tenant: Tenant, proposal: { status: ProposalStatus; createdBy: string | null }): void {
  if (canEditProposal(tenant.role, actor.userId, proposal)) return;
  throw new AppError('FORBIDDEN', 'Only company owners and managers, or the person who prepared this proposal, can change it.');
}
