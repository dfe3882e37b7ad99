import { useQuery } from '@tanstack/react-query';
import { planCheckSchema, type PlanCheck } from '@ridgeline/shared/contracts/billing';
import type { PlanId } from '@ridgeline/shared/domain/plans';
import { api } from '../../../lib/api-client';
import { billingRootKey } from './billing-keys';

// GET /api/billing/plan-check?plan=: whether the active files fit a plan, and which to close first.

export const planCheckKey = (plan: PlanId) => [...billingRootKey, 'plan-check', plan] as const;

export function fetchPlanCheck(plan: PlanId): Promise<PlanCheck> {
  return api.get(`/api/billing/plan-check?plan=${encodeURIComponent(plan)}`, { schema: planCheckSchema });
}

export function usePlanCheck(plan: PlanId, enabled: boolean) {
  return useQuery({ queryKey: planCheckKey(plan), queryFn: () => fetchPlanCheck(plan), enabled });
}
