import type { Adjuster, Carrier } from '@ridgeline/shared/contracts/carriers';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { useDeleteAdjuster, useDeleteCarrier } from './api/directory-writes';

/** The question asked before a carrier is deleted: its projects keep their data but lose the carrier link. */
export function deleteCarrierQuestion(carrier: Carrier): string {
  if (carrier.projectCount === 1) return `Delete ${carrier.name}? Its claim file keeps its data but loses the carrier link.`;
  if (carrier.projectCount > 1) return `Delete ${carrier.name}? Its ${carrier.projectCount} claim files keep their data but lose the carrier link.`;
  return `Delete ${carrier.name}? Claim files keep their data but lose the carrier link.`;
}

/** Deletes a carrier once the user confirms; `onDeleted` runs after the server said yes. */
export function useConfirmDeleteCarrier(onDeleted?: () => void) {
  const remove = useDeleteCarrier();
  const run = (carrier: Carrier) => {
    if (!window.confirm(deleteCarrierQuestion(carrier))) return;
    remove.mutate(carrier.id, {
      onSuccess: () => {
        notify.success('Carrier deleted', `${carrier.name} is no longer in your directory.`);
        onDeleted?.();
      },
      onError: (e) => notify.error('Could not delete the carrier', errorText(e)),
    });
  };
  return { run, isPending: remove.isPending };
}

/** Deletes an adjuster once the user confirms. */
export function useConfirmDeleteAdjuster() {
  const remove = useDeleteAdjuster();
  const run = (adjuster: Adjuster) => {
    if (!window.confirm(`Delete ${adjuster.name}? Claim files keep their data but lose the adjuster link.`)) return;
    remove.mutate(adjuster.id, {
      onSuccess: () => notify.success('Adjuster deleted', `${adjuster.name} is no longer in your directory.`),
      onError: (e) => notify.error('Could not delete the adjuster', errorText(e)),
    });
  };
  return { run, isPending: remove.isPending };
}
