import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateCompanyInput } from '@ridgeline/shared/contracts/team';
import { companySchema } from '@ridgeline/shared/contracts/team-views';
import { api } from '../api-client';
import { readThrough } from '../offline-cache';

// The company profile (GET /api/company): read by settings, the dashboard and the documents; its
// edit (PATCH /api/company) is here too, since settings and the documents' letterhead prompt both
// make it. The logo upload stays with settings.
export const companyKey = ['company'] as const;

export function useCompany() {
  return useQuery({ queryKey: companyKey, queryFn: () => readThrough('company', () => api.get('/api/company', { schema: companySchema })) });
}

export function useUpdateCompany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateCompanyInput) => api.patch('/api/company', input, { schema: companySchema }),
    onSuccess: (company) => {
      client.setQueryData(companyKey, company);
      void client.invalidateQueries({ queryKey: ['me'] });
    },
  });
}
