import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { projectListSchema } from '@ridgeline/shared/contracts/projects';
import { api } from '../../../lib/api-client';
import { projectChoicesKey } from './keys';

/** GET /api/projects?q=: the claim files a measurement can be saved to, matching the search. */
export function fetchProjectChoices(q: string) {
  const term = q.trim();
  return api.get(`/api/projects?pageSize=25${term ? `&q=${encodeURIComponent(term)}` : ''}`, { schema: projectListSchema });
}

export function useProjectChoices(q: string) {
  return useQuery({ queryKey: projectChoicesKey(q.trim()), queryFn: () => fetchProjectChoices(q), placeholderData: keepPreviousData });
}
