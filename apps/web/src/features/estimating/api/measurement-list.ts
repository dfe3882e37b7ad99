import { useQuery } from '@tanstack/react-query';
import { measurementListSchema } from '@ridgeline/shared/contracts/estimating';
import { api } from '../../../lib/api-client';
import { measurementListKey, type MeasurementFilter } from './keys';

/** GET /api/measurements?sessionId=&projectId=: a session's or a project's measurements, or the whole company's (newest first). */
export function fetchMeasurements(filter: MeasurementFilter) {
  const query = new URLSearchParams();
  if (filter.sessionId) query.set('sessionId', filter.sessionId);
  if (filter.projectId) query.set('projectId', filter.projectId);
  const search = query.toString();
  return api.get(`/api/measurements${search ? `?${search}` : ''}`, { schema: measurementListSchema });
}

export function useMeasurements(filter: MeasurementFilter, options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: measurementListKey(filter), queryFn: () => fetchMeasurements(filter), enabled: options.enabled ?? true });
}
