import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adjusterListSchema } from '@ridgeline/shared/contracts/carriers';
import { api } from '../../../lib/api-client';
import { adjustersKey, searchQuery } from './keys';

/** GET /api/adjusters?q=: the adjusters the company has met, matching the search when there is one. */
export function fetchAdjusters(q: string) {
  return api.get(`/api/adjusters${searchQuery(q)}`, { schema: adjusterListSchema });
}

export function useAdjusters(q: string) {
  return useQuery({ queryKey: [...adjustersKey, q.trim()], queryFn: () => fetchAdjusters(q), placeholderData: keepPreviousData });
}
