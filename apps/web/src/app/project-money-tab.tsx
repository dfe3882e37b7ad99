import { useQueryClient } from '@tanstack/react-query';
import type { LedgerStatusSuggestion } from '@ridgeline/shared/contracts/ledger';
import { useChangeProjectStatus } from '../features/projects/api/change-status';
import { ledgerKey } from '../features/ledger/api/keys';
import { MoneyTab } from '../features/ledger/money-tab';
import { errorText } from '../lib/error-text';
import { notify } from '../lib/toast';

// The claim file's Money tab: the ledger feature's tab, with the projects feature's status move for
// the statuses the entries suggest (a suggestion moves the claim file only when someone presses it).

export function ProjectMoneyTab({ projectId }: { projectId: string }) {
  const client = useQueryClient();
  const move = useChangeProjectStatus();
  const onMoveStatus = (suggestion: LedgerStatusSuggestion) =>
    move.mutate(
      { id: projectId, statusId: suggestion.statusId },
      {
        onSuccess: () => notify.success(`Moved to ${suggestion.name}`),
        onError: (error) => notify.error('The status did not change', errorText(error)),
        onSettled: () => client.invalidateQueries({ queryKey: ledgerKey(projectId) }),
      },
    );
  return <MoneyTab projectId={projectId} onMoveStatus={onMoveStatus} />;
}
