import { useQuery } from '@tanstack/react-query';
import { measurementListSchema } from '@ridgeline/shared/contracts/estimating';
import { api } from '../../../lib/api-client';
import { inspectionsKey } from './keys';

// GET /api/measurements?sessionId=: the session's measurement (a session has at most one), for the
// overview's step and what a conversion moves.

export function fetchSessionMeasurements(sessionId: string) {
  return api.get(`/api/measurements?sessionId=${encodeURIComponent(sessionId)}`, { schema: measurementListSchema });
}

export function useSessionMeasurements(sessionId: string, options: { enabled: boolean }) {
  // Measured on another screen a moment ago: read again whenever a screen showing it opens.
  return useQuery({
    queryKey: [...inspectionsKey, 'measurements', sessionId],
    queryFn: () => fetchSessionMeasurements(sessionId),
    enabled: options.enabled,
    staleTime: 0,
  });
}
