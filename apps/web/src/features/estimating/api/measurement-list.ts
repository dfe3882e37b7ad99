import { useQuery } from '@tanstack/react-query';
import { measurementsQuery, type MeasurementFilter } from '../../../lib/api/measurements';

export function useMeasurements(filter: MeasurementFilter, options: { enabled?: boolean } = {}) {
  return useQuery({ ...measurementsQuery(filter), enabled: options.enabled ?? true });
}
