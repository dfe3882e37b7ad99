import { useQuery } from '@tanstack/react-query';
import { proposalListResponseSchema, type Proposal } from '@ridgeline/shared/contracts/documents';
import { api } from '../../../lib/api-client';
import { proposalListKey } from './proposal-keys';

// GET /api/proposals?projectId=: the claim file's proposals.

export async function fetchProposals(projectId: string): Promise<Proposal[]> {
  return (await api.get(`/api/proposals?projectId=${encodeURIComponent(projectId)}`, { schema: proposalListResponseSchema })).proposals;
}

export function useProposals(projectId: string) {
  return useQuery({ queryKey: proposalListKey(projectId), queryFn: () => fetchProposals(projectId) });
}
