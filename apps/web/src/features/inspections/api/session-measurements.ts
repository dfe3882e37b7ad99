import { useQuery } from '@tanstack/react-query';
import { measurementsQuery } from '../../../lib/api/measurements';

// The session's measurement (a session has at most one), for the overview's step and what a
// conversion moves.
export function useSessionMeasurements(sessionId: string, options: { enabled: boolean }) {
  // Measured on another screen a moment ago: read again whenever a screen showing it opens.
  return useQuery({ ...measurementsQuery({ sessionId }), enabled: options.enabled, staleTime: 0 });
}
