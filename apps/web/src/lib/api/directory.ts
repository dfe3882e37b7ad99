import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adjusterListSchema,
  adjusterSchema,
  carrierListSchema,
  carrierSchema,
  type AdjusterList,
  type CarrierList,
  type CreateAdjusterInput,
  type CreateCarrierInput,
} from '@ridgeline/shared/contracts/carriers';
import { api } from '../api-client';
import { readOffline, readThrough } from '../offline-cache';
import { directoryKey } from './shared-keys';

// The carrier directory's lists (GET /api/carriers?q=, GET /api/adjusters?q=&carrierId=): the
// carriers feature lists and searches them, the claim-file screens and the inspection's insurance
// step pick from them. Every read sits below the directory key, so a write anywhere refreshes them all.

export const carriersKey = [...directoryKey, 'carriers'] as const;
export const adjustersKey = [...directoryKey, 'adjusters'] as const;

/** The whole carrier list is kept on the device, so a picker still offers it with no signal. */
const KEPT_CARRIERS = 'inspection-carriers';

function directoryPath(kind: 'carriers' | 'adjusters', filter: Record<string, string | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value) params.set(name, value);
  const search = params.toString();
  return `/api/${kind}${search ? `?${search}` : ''}`;
}

/** The company's carriers whose name matches `q` (all of them when it is empty). */
export function carriersQuery(q = '') {
  const term = q.trim();
  return queryOptions({
    queryKey: [...carriersKey, term],
    queryFn: (): Promise<CarrierList> => {
      const read = () => api.get(directoryPath('carriers', { q: term }), { schema: carrierListSchema });
      return term ? read() : readThrough(KEPT_CARRIERS, read);
    },
  });
}

/** The whole carrier list last read on this device, or none. */
export function keptCarriers(): CarrierList | undefined {
  try {
    return readOffline<CarrierList>(KEPT_CARRIERS);
  } catch {
    return undefined;
  }
}

/** The adjusters the company has met: matching `q`, of one carrier, or all of them. */
export function adjustersQuery(filter: { q?: string; carrierId?: string | null } = {}) {
  const term = filter.q?.trim() ?? '';
  const carrierId = filter.carrierId ?? null;
  return queryOptions({
    queryKey: [...adjustersKey, term, carrierId ?? 'all'],
    queryFn: () => api.get(directoryPath('adjusters', { q: term, carrierId }), { schema: adjusterListSchema }),
  });
}

/**
 * POST /api/carriers: 201 with the carrier, 409 CARRIER_EXISTS when the name is already in the
 * directory (any case). The new carrier is in the pickers at once (a picker selects it right after),
 * then the directory refreshes.
 */
export function useCreateCarrier() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateCarrierInput) => api.post('/api/carriers', input, { schema: carrierSchema }),
    onSuccess: (carrier) => {
      client.setQueryData<CarrierList>(carriersQuery().queryKey, (list) => (list ? { carriers: [...list.carriers, carrier] } : list));
      return client.invalidateQueries({ queryKey: directoryKey });
    },
  });
}

/** POST /api/adjusters: the new adjuster is in its carrier's picker at once, then the directory refreshes. */
export function useCreateAdjuster() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAdjusterInput) => api.post('/api/adjusters', input, { schema: adjusterSchema }),
    onSuccess: (adjuster) => {
      client.setQueryData<AdjusterList>(adjustersQuery({ carrierId: adjuster.carrier?.id ?? null }).queryKey, (list) =>
        list ? { adjusters: [...list.adjusters, adjuster] } : list,
      );
      return client.invalidateQueries({ queryKey: directoryKey });
    },
  });
}
