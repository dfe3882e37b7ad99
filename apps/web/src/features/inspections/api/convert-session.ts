import { useMutation, useQueryClient } from '@tanstack/react-query';
import { convertSessionResultSchema, type ConvertSessionInput } from '@ridgeline/shared/contracts/estimating';
import { api } from '../../../lib/api-client';
import { estimatesKey } from '../../../lib/api/estimates';
import { measurementsKey } from '../../../lib/api/measurements';
import { dashboardKey } from '../../../lib/api/shared-keys';
import { inspectionsKey } from './keys';
import { photosKey } from './photo-keys';

// POST /api/inspections/:id/convert: a new claim file from the session, or the session attached to
// one (201 when a file was made, 200 otherwise; a converted session answers its own file again).
// 409 ACTIVE_FILE_LIMIT when the plan has no free active-file slot.

export function convertSession(sessionId: string, input: ConvertSessionInput) {
  return api.post(`/api/inspections/${encodeURIComponent(sessionId)}/convert`, input, { schema: convertSessionResultSchema });
}

export function useConvertSession(sessionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ConvertSessionInput) => convertSession(sessionId, input),
    onSuccess: () => {
      // The photos, the session lists, the measurements, the estimates and the dashboard now show the claim file.
      void client.invalidateQueries({ queryKey: photosKey });
      void client.invalidateQueries({ queryKey: measurementsKey });
      void client.invalidateQueries({ queryKey: estimatesKey });
      void client.invalidateQueries({ queryKey: inspectionsKey });
      void client.invalidateQueries({ queryKey: dashboardKey });
    },
  });
}
