import { useQuery } from '@tanstack/react-query';
import { priceListSchema } from '@ridgeline/shared/contracts/estimating';
import { api } from '../../../lib/api-client';

// GET /api/price-list: the company's prices (the default list until it saves its own), as the
// settings edit them. The estimate screens read the same list under the same key.

export const priceListKey = ['price-list'] as const;

export function fetchPriceListSettings() {
  return api.get('/api/price-list', { schema: priceListSchema });
}

export function usePriceListSettings() {
  return useQuery({ queryKey: priceListKey, queryFn: fetchPriceListSettings });
}
