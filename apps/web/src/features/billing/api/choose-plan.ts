import { useMutation, useQueryClient } from '@tanstack/react-query';
import { choosePlanResultSchema, type ChoosePlanResult } from '@ridgeline/shared/contracts/billing';
import type { PlanId } from '@ridgeline/shared/domain/plans';
import { api } from '../../../lib/api-client';
import { billingOverviewKey } from './billing-keys';

// POST /api/billing/plan: applied at once (an upgrade, the end of the trial, read-only lifted),
// scheduled for the period's end (a downgrade), or a Stripe Checkout to finish.

export function choosePlan(plan: PlanId): Promise<ChoosePlanResult> {
  return api.post('/api/billing/plan', { plan }, { schema: choosePlanResultSchema });
}

export function useChoosePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: choosePlan,
    onSuccess: async (result) => {
      client.setQueryData(billingOverviewKey, result.billing);
      // The plan sets the active-file limit every page shows: everything is read again.
      if (result.outcome !== 'checkout') await client.invalidateQueries();
    },
  });
}
