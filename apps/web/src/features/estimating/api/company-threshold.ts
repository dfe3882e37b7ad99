import { useMutation, useQueryClient } from '@tanstack/react-query';
import { companySchema } from '@ridgeline/shared/contracts/team';
import { api } from '../../../lib/api-client';
import { companyKey } from '../../../lib/api/company';
import { writeOffline } from '../../../lib/offline-cache';

// PATCH /api/company { hailHitThreshold }: the hail hits in one test square at or above which an
// inspection recommends replacing the roof (owners and managers). The company read is lib/api/company.

export function saveHailHitThreshold(hailHitThreshold: number) {
  return api.patch('/api/company', { hailHitThreshold }, { schema: companySchema });
}

export function useSaveHailHitThreshold() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveHailHitThreshold,
    onSuccess: (company) => {
      client.setQueryData(companyKey, company);
      // The analysis screen reads the last company kept on the device when there is no signal.
      writeOffline('company', company);
    },
  });
}
