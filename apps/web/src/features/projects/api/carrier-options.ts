import { useQuery } from '@tanstack/react-query';
import { adjusterListSchema, carrierListSchema } from '@ridgeline/shared/contracts/carriers';
import { api } from '../../../lib/api-client';
import { directoryKey } from '../../../lib/api/shared-keys';

// The carrier directory as the project screens read it: carriers to pick from, and the adjusters of
// one carrier (or all of them). The directory's own screens live in the carriers feature.
export const carrierOptionsKey = [...directoryKey, 'options'] as const;

export function useCarrierOptions() {
  return useQuery({ queryKey: carrierOptionsKey, queryFn: () => api.get('/api/carriers', { schema: carrierListSchema }) });
}

export function useAdjusterOptions(carrierId: string | null) {
  const query = carrierId ? `?carrierId=${encodeURIComponent(carrierId)}` : '';
  return useQuery({
    queryKey: [...carrierOptionsKey, 'adjusters', carrierId ?? 'all'],
    queryFn: () => api.get(`/api/adjusters${query}`, { schema: adjusterListSchema }),
  });
}
