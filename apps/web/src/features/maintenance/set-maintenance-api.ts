import { useMutation, useQueryClient } from '@tanstack/react-query';
import { maintenanceSchema } from '@ridgeline/shared/contracts/maintenance';
import { api } from '../../lib/api-client';
import { maintenanceKey } from './maintenance-api';

export function useSetMaintenance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => api.put('/api/admin/maintenance', { enabled }, { schema: maintenanceSchema }),
    onSuccess: (value) => client.setQueryData(maintenanceKey, value),
  });
}
