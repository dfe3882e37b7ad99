import { useQuery } from '@tanstack/react-query';
import { carrierDetailSchema } from '@ridgeline/shared/contracts/carriers';
import { api } from '../../../lib/api-client';
import { carrierKey } from './keys';

/** GET /api/carriers/:id: the carrier with its adjusters and projects (404 for another company's carrier). */
export function fetchCarrier(id: string) {
  return api.get(`/api/carriers/${encodeURIComponent(id)}`, { schema: carrierDetailSchema });
}

export function useCarrier(id: string) {
  return useQuery({ queryKey: carrierKey(id), queryFn: () => fetchCarrier(id) });
}
