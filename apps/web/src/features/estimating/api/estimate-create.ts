import { useMutation, useQueryClient } from '@tanstack/react-query';
import { estimateSchema, type CreateEstimateInput } from '@ridgeline/shared/contracts/estimating';
import { api } from '../../../lib/api-client';
import { estimatesKey } from '../../../lib/api/estimates';

/** POST /api/estimates: the session's first estimate, or a new version (the server numbers it). */
export function createEstimate(input: CreateEstimateInput) {
  return api.post('/api/estimates', input, { schema: estimateSchema });
}

export function useCreateEstimate() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createEstimate, onSettled: () => client.invalidateQueries({ queryKey: estimatesKey }) });
}
