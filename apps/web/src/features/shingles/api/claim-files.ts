import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { projectListSchema } from '@ridgeline/shared/contracts/projects';
import { api } from '../../../lib/api-client';

// The claim-file picker of /shingle-id: the company's claim files matching a name or an address.

/** Letters typed before the picker searches. */
export const CLAIM_FILE_SEARCH_MIN = 2;
/** The API's smallest page; the picker shows the first few. */
const PAGE_SIZE = 25;
export const PICKER_ROWS = 8;

/** GET /api/projects?q=&pageSize=25 (q matches the homeowner, the address, the claim number or the carrier). */
export function useClaimFileSearch(q: string) {
  const term = q.trim();
  return useQuery({
    queryKey: ['shingles', 'claim-file-search', term],
    queryFn: () => api.get(`/api/projects?${new URLSearchParams({ q: term, pageSize: String(PAGE_SIZE) }).toString()}`, { schema: projectListSchema }),
    enabled: term.length >= CLAIM_FILE_SEARCH_MIN,
    placeholderData: keepPreviousData,
  });
}
