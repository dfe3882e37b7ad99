import { useQuery } from '@tanstack/react-query';
import { billingOverviewSchema, type BillingOverview } from '@ridgeline/shared/contracts/billing';
import { api } from '../../../lib/api-client';
import { billingOverviewKey } from './billing-keys';

// GET /api/billing: the company's plan, trial, read-only state and who may pay.

export function fetchBillingOverview(): Promise<BillingOverview> {
  return api.get('/api/billing', { schema: billingOverviewSchema });
}

export function useBillingOverview() {
  return useQuery({ queryKey: billingOverviewKey, queryFn: fetchBillingOverview, staleTime: 60_000 });
}
