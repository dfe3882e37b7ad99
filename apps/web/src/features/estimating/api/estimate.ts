import { useQuery } from '@tanstack/react-query';
import { estimateSchema } from '@ridgeline/shared/contracts/estimating';
import { api } from '../../../lib/api-client';
import { estimateKey } from './estimate-keys';

export const estimatePath = (id: string) => `/api/estimates/${encodeURIComponent(id)}`;

/** GET /api/estimates/:id: one version with its totals and saved supplement list. */
export function fetchEstimate(id: string) {
  return api.get(estimatePath(id), { schema: estimateSchema });
}

export function useEstimate(id: string, options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: estimateKey(id), queryFn: () => fetchEstimate(id), enabled: options.enabled ?? true });
}
