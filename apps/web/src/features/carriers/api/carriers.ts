import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { carrierListSchema } from '@ridgeline/shared/contracts/carriers';
import { api } from '../../../lib/api-client';
import { carriersKey, searchQuery } from './keys';

/** GET /api/carriers?q=: the company's carriers, matching the search when there is one. */
export function fetchCarriers(q: string) {
  return api.get(`/api/carriers${searchQuery(q)}`, { schema: carrierListSchema });
}

export function useCarriers(q: string) {
  // The previous list stays on screen while the next search loads, so the list does not flash empty.
  return useQuery({ queryKey: [...carriersKey, q.trim()], queryFn: () => fetchCarriers(q), placeholderData: keepPreviousData });
}
