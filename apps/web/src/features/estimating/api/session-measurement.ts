import { useQuery } from '@tanstack/react-query';
import { measurementsQuery } from '../../../lib/api/measurements';

/** The session's measurement (a session has at most one), or null: GET /api/measurements?sessionId=. */
export function useSessionMeasurement(sessionId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...measurementsQuery({ sessionId }),
    select: ({ measurements }) => measurements[0] ?? null,
    enabled: options.enabled ?? true,
  });
}
