import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adjusterSchema, carrierSchema, type UpdateAdjusterInput, type UpdateCarrierInput } from '@ridgeline/shared/contracts/carriers';
import { api } from '../../../lib/api-client';
import { directoryKey } from '../../../lib/api/shared-keys';
import { carrierKey } from './keys';

// The directory's changes: PATCH/DELETE /api/carriers/:id and /api/adjusters/:id (the adds, which
// the claim-file screens make too, are lib/api/directory.ts). A carrier and its adjusters show on each other's rows (counts, carrier
// names), so every write refreshes both lists, every carrier page and the project screens' pickers.

/** A write that refreshes the directory; `gone` names a carrier page that no longer exists (it is dropped, not read again). */
function useDirectoryWrite<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>, gone?: (input: TInput) => string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_result, input) => {
      if (gone) client.removeQueries({ queryKey: carrierKey(gone(input)) });
      return client.invalidateQueries({ queryKey: directoryKey });
    },
  });
}

const at = (kind: 'carriers' | 'adjusters', id: string) => `/api/${kind}/${encodeURIComponent(id)}`;

export const useUpdateCarrier = () =>
  useDirectoryWrite(({ id, patch }: { id: string; patch: UpdateCarrierInput }) => api.patch(at('carriers', id), patch, { schema: carrierSchema }));

/** Its projects keep their data and lose the link to the carrier. */
export const useDeleteCarrier = () =>
  useDirectoryWrite(
    (id: string) => api.delete(at('carriers', id)),
    (id) => id,
  );

export const useUpdateAdjuster = () =>
  useDirectoryWrite(({ id, patch }: { id: string; patch: UpdateAdjusterInput }) => api.patch(at('adjusters', id), patch, { schema: adjusterSchema }));

export const useDeleteAdjuster = () => useDirectoryWrite((id: string) => api.delete(at('adjusters', id)));
