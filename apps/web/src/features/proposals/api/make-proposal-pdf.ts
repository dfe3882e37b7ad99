import { useMutation, useQueryClient } from '@tanstack/react-query';
import { proposalResponseSchema, type Proposal } from '@ridgeline/shared/contracts/documents';
import { api } from '../../../lib/api-client';
import { reportsKey } from '../../../lib/api/documents';
import { proposalPath, proposalsKey } from './proposal-keys';

// POST /api/proposals/:id/pdf: queues the proposal's PDF (a report of kind proposal); the answer
// names the report to follow (read again, with the reports lists, where it was made before).

export async function makeProposalPdf(id: string): Promise<Proposal> {
  return (await api.post(`${proposalPath(id)}/pdf`, {}, { schema: proposalResponseSchema })).proposal;
}

export function useMakeProposalPdf() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: makeProposalPdf,
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: proposalsKey }), client.invalidateQueries({ queryKey: reportsKey })]),
  });
}
