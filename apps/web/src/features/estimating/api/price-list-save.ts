import { useMutation, useQueryClient } from '@tanstack/react-query';
import { priceListSchema, type PriceList } from '@ridgeline/shared/contracts/estimating';
import { api } from '../../../lib/api-client';
import { priceListKey } from './estimate-keys';

// PUT /api/price-list: the whole list (owners and managers; a member gets 403). New estimate lines
// are priced from it from then on; saved estimates keep their prices.

export function savePriceList(list: PriceList) {
  return api.put('/api/price-list', list, { schema: priceListSchema });
}

export function useSavePriceList() {
  const client = useQueryClient();
  return useMutation({ mutationFn: savePriceList, onSuccess: (saved) => client.setQueryData(priceListKey, saved) });
}
