import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateCompanyInput } from '@ridgeline/shared/contracts/team';
import { companySchema } from '@ridgeline/shared/contracts/team-views';
import { api } from '../api-client';
import { companyKey } from './company';

// The company profile's edit (PATCH /api/company): settings and the documents' letterhead prompt both
// make it. The logo upload stays with settings.

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
