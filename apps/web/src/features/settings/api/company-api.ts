import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { companySchema, type UpdateCompanyInput } from '@ridgeline/shared/contracts/team';
import { api } from '../../../lib/api-client';

// The company profile (GET/PATCH /api/company, PUT /api/company/logo).
export const companyKey = ['company'] as const;

export function useCompany() {
  return useQuery({ queryKey: companyKey, queryFn: () => api.get('/api/company', { schema: companySchema }) });
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

export function useUploadLogo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: Blob) => api.put('/api/company/logo', file, { schema: companySchema }),
    onSuccess: (company) => client.setQueryData(companyKey, company),
  });
}
