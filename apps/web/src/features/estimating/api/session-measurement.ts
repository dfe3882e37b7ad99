import { useQuery } from '@tanstack/react-query';
import { measurementListKey } from './keys';
import { fetchMeasurements } from './measurement-list';

/** The session's measurement (a session has at most one), or null: GET /api/measurements?sessionId=. */
export function useSessionMeasurement(sessionId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: measurementListKey({ sessionId }),
    queryFn: () => fetchMeasurements({ sessionId }),
    select: ({ measurements }) => measurements[0] ?? null,
    enabled: options.enabled ?? true,
  });
}
