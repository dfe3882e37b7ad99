import { useQuery } from '@tanstack/react-query';
import { carrierListSchema, type CarrierList } from '@ridgeline/shared/contracts/carriers';
import { api } from '../../../lib/api-client';
import { directoryKey } from '../../../lib/api/shared-keys';
import { readOffline, readThrough } from '../../../lib/offline-cache';

// GET /api/carriers: the company's carrier directory for the insurance step. The last list read is
// kept on the device, so the picker still offers it with no signal.

const CACHE_KEY = 'inspection-carriers';

export function fetchCarrierOptions(): Promise<CarrierList> {
  return readThrough(CACHE_KEY, () => api.get('/api/carriers', { schema: carrierListSchema }));
}

/** The kept list, or none. */
function keptCarriers(): CarrierList | undefined {
  try {
    return readOffline<CarrierList>(CACHE_KEY);
  } catch {
    return undefined;
  }
}

export function useCarrierOptions() {
  return useQuery({ queryKey: [...directoryKey, 'carriers', 'inspection-options'], queryFn: fetchCarrierOptions, placeholderData: keptCarriers, retry: false });
}
