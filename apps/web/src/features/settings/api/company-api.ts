import { useMutation, useQueryClient } from '@tanstack/react-query';
import { companySchema } from '@ridgeline/shared/contracts/team';
import { api } from '../../../lib/api-client';
import { companyKey } from '../../../lib/api/company';

// The company logo upload (PUT /api/company/logo); the read and the profile's edit are lib/api/company.

export function useUploadLogo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: Blob) => api.put('/api/company/logo', file, { schema: companySchema }),
    onSuccess: (company) => client.setQueryData(companyKey, company),
  });
}
