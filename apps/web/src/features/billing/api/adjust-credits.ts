import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminBillingCompanySchema, type AdjustCreditsInput, type AdminBillingCompany } from '@ridgeline/shared/contracts/billing';
import { api } from '../../../lib/api-client';
import { adminBillingKey } from './billing-keys';

// POST /api/admin/billing/companies/:id/credits: a platform admin grants (positive) or removes
// (negative) credits with a reason; the ledger keeps the row.

export function adjustCredits(companyId: string, input: AdjustCreditsInput): Promise<AdminBillingCompany> {
  return api.post(`/api/admin/billing/companies/${encodeURIComponent(companyId)}/credits`, input, { schema: adminBillingCompanySchema });
}

export function useAdjustCredits() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ companyId, input }: { companyId: string; input: AdjustCreditsInput }) => adjustCredits(companyId, input),
    onSuccess: () => client.invalidateQueries({ queryKey: adminBillingKey }),
  });
}
