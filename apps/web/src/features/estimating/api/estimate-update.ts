import { useMutation, useQueryClient } from '@tanstack/react-query';
import { estimateSchema, type EstimateInput } from '@ridgeline/shared/contracts/estimating';
import { api } from '../../../lib/api-client';
import { estimatePath } from './estimate';
import { estimatesKey } from '../../../lib/api/estimates';

/** PUT /api/estimates/:id: saves the latest version in place (an older one answers 409). */
export function updateEstimate({ id, input }: { id: string; input: EstimateInput }) {
  return api.put(estimatePath(id), input, { schema: estimateSchema });
}

export function useUpdateEstimate() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateEstimate, onSettled: () => client.invalidateQueries({ queryKey: estimatesKey }) });
}
