import { useQuery } from '@tanstack/react-query';
import { priceListSchema } from '@ridgeline/shared/contracts/estimating';
import { api } from '../../../lib/api-client';
import { priceListKey } from './estimate-keys';

/** GET /api/price-list: the company's prices (the default list until it saves its own). */
export function fetchPriceList() {
  return api.get('/api/price-list', { schema: priceListSchema });
}

export function usePriceList() {
  return useQuery({ queryKey: priceListKey, queryFn: fetchPriceList });
}
