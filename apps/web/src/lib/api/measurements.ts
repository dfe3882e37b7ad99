import { queryOptions } from '@tanstack/react-query';
import { measurementListSchema } from '@ridgeline/shared/contracts/estimating';
import { api } from '../api-client';

// GET /api/measurements?sessionId=&projectId=: a session's or a claim file's measurements, or the
// whole company's (newest first). The estimating screens and the inspection's overview and
// conversion read it. Every measurement read sits below one key, so a measurement's write refreshes
// every list and every open measurement at once.

/** A list's filter: one session's, one project's, or (empty) the whole company's. */
export type MeasurementFilter = { sessionId?: string; projectId?: string };

export const measurementsKey = ['measurements'] as const;

export function measurementsQuery(filter: MeasurementFilter) {
  const query = new URLSearchParams();
  if (filter.sessionId) query.set('sessionId', filter.sessionId);
  if (filter.projectId) query.set('projectId', filter.projectId);
  const search = query.toString();
  return queryOptions({
    queryKey: [...measurementsKey, 'list', filter.sessionId ?? null, filter.projectId ?? null],
    queryFn: () => api.get(`/api/measurements${search ? `?${search}` : ''}`, { schema: measurementListSchema }),
  });
}
