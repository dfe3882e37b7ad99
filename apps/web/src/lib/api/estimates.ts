import { queryOptions } from '@tanstack/react-query';
import { estimateListSchema } from '@ridgeline/shared/contracts/estimating';
import { api } from '../api-client';

// GET /api/estimates?sessionId= or ?projectId=: every estimate version of a session or a claim file,
// newest first. The estimate screens, the inspection's overview and conversion, and a new proposal
// read it. Every estimate read sits below one key, so an estimate's write refreshes them all.

export type EstimateFilter = { sessionId: string } | { projectId: string };

export const estimatesKey = ['estimates'] as const;

export function estimatesQuery(filter: EstimateFilter) {
  return queryOptions({
    queryKey: [...estimatesKey, 'list', filter],
    queryFn: () => api.get(`/api/estimates?${new URLSearchParams(filter).toString()}`, { schema: estimateListSchema }),
  });
}
