import { useMutation, useQueryClient } from '@tanstack/react-query';
import { measurementsKey } from '../../../lib/api/measurements';

// One measurement's read sits below the measurements' key (lib/api/measurements.ts) with the lists.
export const measurementKey = (id: string) => [...measurementsKey, 'one', id] as const;

export const measurementPath = (id: string) => `/api/measurements/${encodeURIComponent(id)}`;

/** A measurement write: every measurement read is fetched again once it is done (the lists show totals and reports). */
export function useMeasurementWrite<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => client.invalidateQueries({ queryKey: measurementsKey }) });
}
