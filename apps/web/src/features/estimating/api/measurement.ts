import { useQuery } from '@tanstack/react-query';
import { measurementSchema } from '@ridgeline/shared/contracts/estimating';
import { api } from '../../../lib/api-client';
import { measurementKey, measurementPath } from './keys';

/** GET /api/measurements/:id (404 for another company's). */
export function fetchMeasurement(id: string) {
  return api.get(measurementPath(id), { schema: measurementSchema });
}

export function useMeasurement(id: string | null) {
  return useQuery({ queryKey: measurementKey(id ?? ''), queryFn: () => fetchMeasurement(id ?? ''), enabled: id !== null });
}
