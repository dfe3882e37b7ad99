import { useQuery } from '@tanstack/react-query';
import { creditSummarySchema, type CreditSummary } from '@ridgeline/shared/contracts/billing';
import { api } from '../../../lib/api-client';
import { creditsKey } from './billing-keys';

// GET /api/credits: the company's balance, the packs on sale, the payment mode and whether the caller may buy.

export function fetchCredits(): Promise<CreditSummary> {
  return api.get('/api/credits', { schema: creditSummarySchema });
}

export function useCredits() {
  return useQuery({ queryKey: creditsKey, queryFn: fetchCredits });
}
