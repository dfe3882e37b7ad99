import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminBillingCompanySchema, type AdminBillingCompany, type ExtendTrialInput } from '@ridgeline/shared/contracts/billing';
import { api } from '../../../lib/api-client';
import { adminBillingKey } from './billing-keys';

// POST /api/admin/billing/companies/:id/extend-trial: a platform admin gives a trialing company more
// days (an ended trial reopens), with a reason the audit keeps.

export function extendTrial(companyId: string, input: ExtendTrialInput): Promise<AdminBillingCompany> {
  return api.post(`/api/admin/billing/companies/${encodeURIComponent(companyId)}/extend-trial`, input, { schema: adminBillingCompanySchema });
}

export function useExtendTrial() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ companyId, input }: { companyId: string; input: ExtendTrialInput }) => extendTrial(companyId, input),
    onSuccess: () => client.invalidateQueries({ queryKey: adminBillingKey }),
  });
}
