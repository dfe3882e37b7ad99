import { useMutation, useQueryClient } from '@tanstack/react-query';

// Query keys of the estimating screens' server reads, all below one key: a write refreshes every
// list and every open measurement at once.
export const estimatingKey = ['estimating'] as const;
export const measurementsKey = [...estimatingKey, 'measurements'] as const;

/** A list's filter: one session's, one project's, or (empty) the whole company's. */
export type MeasurementFilter = { sessionId?: string; projectId?: string };

export const measurementListKey = (filter: MeasurementFilter) => [...measurementsKey, 'list', filter.sessionId ?? null, filter.projectId ?? null] as const;
export const measurementKey = (id: string) => [...measurementsKey, 'one', id] as const;

export const measurementPath = (id: string) => `/api/measurements/${encodeURIComponent(id)}`;

/** A measurement write: every measurement read is fetched again once it is done (the lists show totals and reports). */
export function useMeasurementWrite<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => client.invalidateQueries({ queryKey: measurementsKey }) });
}
