import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { inspectionActivityListSchema } from '@ridgeline/shared/contracts/inspections';
import { api } from '../../../lib/api-client';
import { inspectionActivityKey } from './keys';

/** GET /api/inspections/:id/activity: the session's timeline, newest first (overwritten values kept). */
export function fetchInspectionActivity(id: string) {
  return api.get(`/api/inspections/${encodeURIComponent(id)}/activity`, { schema: inspectionActivityListSchema });
}

/**
 * Only asked for once the session is on the server and the browser is online. The timeline is the
 * server's: it is read again whenever the server's copy of the session changes (`serverVersion`, its
 * updatedAt: an edit made on this device has reached it), showing the previous one until then.
 */
export function useInspectionActivity(id: string, serverVersion: string, enabled: boolean) {
  return useQuery({
    queryKey: [...inspectionActivityKey(id), serverVersion],
    queryFn: () => fetchInspectionActivity(id),
    enabled,
    placeholderData: keepPreviousData,
  });
}
