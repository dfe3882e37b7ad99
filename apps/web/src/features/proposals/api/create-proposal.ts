import { useMutation, useQueryClient } from '@tanstack/react-query';
import { proposalResponseSchema, type CreateProposalInput, type Proposal } from '@ridgeline/shared/contracts/documents';
import { api } from '../../../lib/api-client';
import { proposalsKey } from './proposal-keys';

// POST /api/proposals: a new proposal from one of the claim file's estimates; its options come back
// as good / better / best built from the estimate.

export async function createProposal(input: CreateProposalInput): Promise<Proposal> {
  return (await api.post('/api/proposals', input, { schema: proposalResponseSchema })).proposal;
}

export function useCreateProposal() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createProposal, onSettled: () => client.invalidateQueries({ queryKey: proposalsKey }) });
}
