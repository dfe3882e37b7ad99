import type { LedgerStatusSuggestion } from '@ridgeline/shared/contracts/ledger';
import { useChangeProjectStatus } from '../features/projects/api/change-status';
import { MoneyTab } from '../features/ledger/money-tab';
import { errorText } from '../lib/error-text';
import { notify } from '../lib/toast';

// The claim file's Money tab: the ledger feature's tab, with the projects feature's status move for
// the status the entries point to ahead of the file (the server moves it there by itself unless the
// company chose "suggest"). The move reads the claim file again, and its ledger below it.

export function ProjectMoneyTab({ projectId }: { projectId: string }) {
  const move = useChangeProjectStatus();
  const onMoveStatus = (suggestion: LedgerStatusSuggestion) =>
    move.mutate(
      { id: projectId, statusId: suggestion.statusId },
      {
        onSuccess: () => notify.success(`Moved to ${suggestion.name}`),
        onError: (error) => notify.error('The status did not change', errorText(error)),
      },
    );
  return <MoneyTab projectId={projectId} onMoveStatus={onMoveStatus} />;
}
