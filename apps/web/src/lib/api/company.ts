import { queryOptions, useQuery } from '@tanstack/react-query';
import { companySchema } from '@ridgeline/shared/contracts/team-views';
import { api } from '../api-client';
import { readThrough } from '../offline-cache';

// The company profile (GET /api/company): read by settings, the dashboard and the documents. Its
// edit is in update-company.ts (the dashboard's first load reads it and writes nothing).
export const companyQuery = queryOptions({
  queryKey: ['company'] as const,
  queryFn: () => readThrough('company', () => api.get('/api/company', { schema: companySchema })),
});

export const companyKey = companyQuery.queryKey;

export function useCompany() {
  return useQuery(companyQuery);
}
