import { useQuery } from '@tanstack/react-query';
import { maintenanceSchema, type Maintenance } from '@ridgeline/shared/contracts/maintenance';
import { api } from '../../lib/api-client';

// The shell reads the flag on every signed-in page; the admin's switch is in set-maintenance-api.ts,
// so the first load does not carry the mutation code.
export const maintenanceKey = ['maintenance'] as const;
/** The maintenance flag is cached for 2 minutes. */
export const MAINTENANCE_CACHE_MS = 2 * 60_000;

/** Reads the flag; a read error counts as off and is logged. */
export async function fetchMaintenance(): Promise<Maintenance> {
  try {
    return await api.get('/api/settings/maintenance', { schema: maintenanceSchema });
  } catch (error) {
    console.error('Maintenance flag could not be read; treating it as off.', error);
    return { enabled: false };
  }
}

export function useMaintenance() {
  return useQuery({ queryKey: maintenanceKey, queryFn: fetchMaintenance, staleTime: MAINTENANCE_CACHE_MS, refetchInterval: MAINTENANCE_CACHE_MS });
}
