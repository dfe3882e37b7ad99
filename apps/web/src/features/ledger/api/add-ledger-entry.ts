import { useMutation, useQueryClient } from '@tanstack/react-query';
import { claimLedgerSchema, type CreateLedgerEntryInput } from '@ridgeline/shared/contracts/ledger';
import { api } from '../../../lib/api-client';
import { ledgerKey } from './keys';

/** POST /api/projects/:id/ledger/entries: 201 with the ledger as it now stands; a reversal is an entry too. */
export function addLedgerEntry(projectId: string, input: CreateLedgerEntryInput) {
  return api.post(`/api/projects/${encodeURIComponent(projectId)}/ledger/entries`, input, { schema: claimLedgerSchema });
}

export function useAddLedgerEntry(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateLedgerEntryInput) => addLedgerEntry(projectId, input),
    onSuccess: (ledger) => client.setQueryData(ledgerKey(projectId), ledger),
  });
}
