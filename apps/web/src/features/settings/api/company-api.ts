import { useMutation, useQueryClient } from '@tanstack/react-query';
import { companySchema, type UpdateCompanyInput } from '@ridgeline/shared/contracts/team';
import { api } from '../../../lib/api-client';
import { companyKey } from '../../../lib/api/company';

// The company profile writes (PATCH /api/company, PUT /api/company/logo); the read is lib/api/company.

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
