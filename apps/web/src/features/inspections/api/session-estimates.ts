import { useQuery } from '@tanstack/react-query';
import { estimateListSchema } from '@ridgeline/shared/contracts/estimating';
import { api } from '../../../lib/api-client';
import { inspectionsKey } from './keys';

// GET /api/estimates?sessionId=: every estimate version of the session (newest first), for the
// overview's step and what a conversion moves.

export function fetchSessionEstimates(sessionId: string) {
  return api.get(`/api/estimates?sessionId=${encodeURIComponent(sessionId)}`, { schema: estimateListSchema });
}

export function useSessionEstimates(sessionId: string, options: { enabled: boolean }) {
  // Saved on another screen a moment ago: read again whenever a screen showing it opens.
  return useQuery({
    queryKey: [...inspectionsKey, 'estimates', sessionId],
    queryFn: () => fetchSessionEstimates(sessionId),
    enabled: options.enabled,
    staleTime: 0,
  });
}
