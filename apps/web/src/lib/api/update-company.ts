import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateCompanyInput } from '@ridgeline/shared/contracts/team';
import { companySchema } from '@ridgeline/shared/contracts/team-views';
import { api } from '../api-client';
import { writeOffline } from '../offline-cache';
import { companyKey } from './company';
import { meKey } from './me';

// The company profile's edit (PATCH /api/company): settings, the pipeline settings, the estimating
// settings (the hail-hit threshold, the eave ice barrier) and the documents' letterhead prompt all
// make it. The logo upload stays with settings.

export function useUpdateCompany() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateCompanyInput) => api.patch('/api/company', input, { schema: companySchema }),
    onSuccess: (company) => {
      client.setQueryData(companyKey, company);
      // The field screens read the last company kept on the device when there is no signal.
      writeOffline('company', company);
      void client.invalidateQueries({ queryKey: meKey });
    },
  });
}
