import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adjusterSchema,
  carrierSchema,
  type AdjusterList,
  type CarrierList,
  type CreateAdjusterInput,
  type CreateCarrierInput,
} from '@ridgeline/shared/contracts/carriers';
import { api } from '../../../lib/api-client';
import { directoryKey } from '../../../lib/api/shared-keys';
import { carrierOptionsKey } from './carrier-options';

// Adding to the carrier directory from the project form: POST /api/carriers (409 CARRIER_EXISTS for a
// name already there) and POST /api/adjusters; the pickers' options refresh with the new entry.

export function useCreateCarrier() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateCarrierInput) => api.post('/api/carriers', input, { schema: carrierSchema }),
    // The new carrier is in the picker at once (it is selected right after), then the list refreshes.
    onSuccess: (carrier) => {
      client.setQueryData<CarrierList>(carrierOptionsKey, (list) => (list ? { carriers: [...list.carriers, carrier] } : list));
      return client.invalidateQueries({ queryKey: directoryKey });
    },
  });
}

export function useCreateAdjuster() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAdjusterInput) => api.post('/api/adjusters', input, { schema: adjusterSchema }),
    onSuccess: (adjuster) => {
      client.setQueryData<AdjusterList>([...carrierOptionsKey, 'adjusters', adjuster.carrier?.id ?? 'all'], (list) =>
        list ? { adjusters: [...list.adjusters, adjuster] } : list,
      );
      return client.invalidateQueries({ queryKey: directoryKey });
    },
  });
}
