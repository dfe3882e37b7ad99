import { useQuery } from '@tanstack/react-query';
import { claimLedgerSchema } from '@ridgeline/shared/contracts/ledger';
import { api } from '../../../lib/api-client';
import { ledgerKey } from './keys';

/** GET /api/projects/:id/ledger: the entries, their reconciliation and the suggested statuses (404 for another company's claim file). */
export function fetchClaimLedger(projectId: string) {
  return api.get(`/api/projects/${encodeURIComponent(projectId)}/ledger`, { schema: claimLedgerSchema });
}

export function useClaimLedger(projectId: string) {
  return useQuery({ queryKey: ledgerKey(projectId), queryFn: () => fetchClaimLedger(projectId) });
}
