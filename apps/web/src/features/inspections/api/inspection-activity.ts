import { useQuery } from '@tanstack/react-query';
import { inspectionActivityListSchema } from '@ridgeline/shared/contracts/inspections';
import { api } from '../../../lib/api-client';
import { inspectionActivityKey } from './keys';

/** GET /api/inspections/:id/activity: the session's timeline, newest first (overwritten values kept). */
export function fetchInspectionActivity(id: string) {
  return api.get(`/api/inspections/${encodeURIComponent(id)}/activity`, { schema: inspectionActivityListSchema });
}

/** Only asked for once the session is on the server and the browser is online. */
export function useInspectionActivity(id: string, enabled: boolean) {
  return useQuery({ queryKey: inspectionActivityKey(id), queryFn: () => fetchInspectionActivity(id), enabled });
}
