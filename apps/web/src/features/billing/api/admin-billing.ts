import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminBillingPageSchema, type AdminBillingPage } from '@ridgeline/shared/contracts/billing';
import type { BillingStatus } from '@ridgeline/shared/domain/billing';
import { api } from '../../../lib/api-client';
import { adminBillingKey } from './billing-keys';

// GET /api/admin/billing/companies: every company's plan, status and money for platform admins,
// a page at a time, with the totals of every company the filter matches.

export type AdminBillingFilters = { q: string; status: BillingStatus | ''; page: number; pageSize: number };

export const adminBillingCompaniesKey = (filters: AdminBillingFilters) => [...adminBillingKey, 'companies', filters] as const;

export function fetchAdminBillingCompanies(filters: AdminBillingFilters): Promise<AdminBillingPage> {
  const params = new URLSearchParams({ page: String(filters.page), pageSize: String(filters.pageSize) });
  if (filters.q) params.set('q', filters.q);
  if (filters.status) params.set('status', filters.status);
  return api.get(`/api/admin/billing/companies?${params.toString()}`, { schema: adminBillingPageSchema });
}

export function useAdminBillingCompanies(filters: AdminBillingFilters) {
  return useQuery({ queryKey: adminBillingCompaniesKey(filters), queryFn: () => fetchAdminBillingCompanies(filters), placeholderData: keepPreviousData });
}
