import { useQuery } from '@tanstack/react-query';
import { creditSummarySchema, type CreditSummary } from '@ridgeline/shared/contracts/billing';
import { api } from '../../../lib/api-client';
import { creditsKey } from './billing-keys';

// GET /api/credits as the project's Services tab reads it: the balance an order is paid from.

export function fetchCreditSummary(): Promise<CreditSummary> {
  return api.get('/api/credits', { schema: creditSummarySchema });
}

export function useCreditBalance() {
  return useQuery({ queryKey: creditsKey, queryFn: fetchCreditSummary });
}
