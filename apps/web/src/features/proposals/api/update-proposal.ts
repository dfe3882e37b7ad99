import { useMutation, useQueryClient } from '@tanstack/react-query';
import { proposalResponseSchema, type Proposal, type UpdateProposalInput } from '@ridgeline/shared/contracts/documents';
import { api } from '../../../lib/api-client';
import { proposalPath, proposalsKey } from './proposal-keys';

// PUT /api/proposals/:id: the intro and the options; refused (409 PROPOSAL_SIGNED) once signed.

export async function updateProposal({ id, input }: { id: string; input: UpdateProposalInput }): Promise<Proposal> {
  return (await api.put(proposalPath(id), input, { schema: proposalResponseSchema })).proposal;
}

export function useUpdateProposal() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateProposal, onSettled: () => client.invalidateQueries({ queryKey: proposalsKey }) });
}
