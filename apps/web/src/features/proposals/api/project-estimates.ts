import { useQuery } from '@tanstack/react-query';
import { estimateListSchema, type Estimate } from '@ridgeline/shared/contracts/estimating';
import { api } from '../../../lib/api-client';
import { proposalEstimatesKey } from './proposal-keys';

// GET /api/estimates?projectId=: the claim file's estimates (every version, newest first), what a
// proposal is built from.

export async function fetchProjectEstimates(projectId: string): Promise<Estimate[]> {
  return (await api.get(`/api/estimates?projectId=${encodeURIComponent(projectId)}`, { schema: estimateListSchema })).estimates;
}

export function useProjectEstimates(projectId: string, enabled: boolean) {
  return useQuery({ queryKey: proposalEstimatesKey(projectId), queryFn: () => fetchProjectEstimates(projectId), enabled });
}
