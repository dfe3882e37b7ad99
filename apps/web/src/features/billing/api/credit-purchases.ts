import { useQuery } from '@tanstack/react-query';
import { creditEntriesPageSchema, type CreditEntriesPage } from '@ridgeline/shared/contracts/billing';
import { api } from '../../../lib/api-client';
import { creditEntriesKey } from './billing-keys';

// GET /api/credits/entries?kind=purchase: the credit packs the company bought, newest first (the
// payments page's history of credit purchases).

const PURCHASES = { kind: 'purchase', page: 1, pageSize: 25 } as const;

export function fetchCreditPurchases(): Promise<CreditEntriesPage> {
  return api.get(`/api/credits/entries?kind=${PURCHASES.kind}&page=${PURCHASES.page}&pageSize=${PURCHASES.pageSize}`, { schema: creditEntriesPageSchema });
}

export function useCreditPurchases() {
  return useQuery({ queryKey: creditEntriesKey(PURCHASES), queryFn: fetchCreditPurchases, staleTime: 60_000 });
}
