import { useQuery } from '@tanstack/react-query';
import { estimateListSchema } from '@ridgeline/shared/contracts/estimating';
import { api } from '../../../lib/api-client';
import { estimateListKey, type EstimateFilter } from './estimate-keys';

/** GET /api/estimates?sessionId= or ?projectId=: every version, newest first. */
export function fetchEstimates(filter: EstimateFilter) {
  const params = new URLSearchParams(filter);
  return api.get(`/api/estimates?${params.toString()}`, { schema: estimateListSchema });
}

export function useEstimates(filter: EstimateFilter, options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: estimateListKey(filter), queryFn: () => fetchEstimates(filter), enabled: options.enabled ?? true });
}
