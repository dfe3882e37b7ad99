import { useQuery } from '@tanstack/react-query';
import { measurementListSchema } from '@ridgeline/shared/contracts/estimating';
import { api } from '../../../lib/api-client';
import { sessionMeasurementKey } from './estimate-keys';

/** GET /api/measurements?sessionId=: the session's measurement (a session has at most one), or null. */
export async function fetchSessionMeasurement(sessionId: string) {
  const { measurements } = await api.get(`/api/measurements?${new URLSearchParams({ sessionId }).toString()}`, { schema: measurementListSchema });
  return measurements[0] ?? null;
}

export function useSessionMeasurement(sessionId: string, options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: sessionMeasurementKey(sessionId), queryFn: () => fetchSessionMeasurement(sessionId), enabled: options.enabled ?? true });
}
