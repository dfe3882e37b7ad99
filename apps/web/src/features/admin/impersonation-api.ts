import { useQuery } from '@tanstack/react-query';
import type { ImpersonationRequest } from '@ridgeline/shared/contracts/admin';
import { impersonationResponseSchema, type ImpersonationResponse } from '@ridgeline/shared/contracts/admin-views';
import { api } from '../../lib/api-client';

// The shell checks the impersonation status on every signed-in page: this endpoint has its own file
// so the first load does not carry the admin pages' calls.
export const impersonationStatusKey = ['admin', 'impersonation', 'status'] as const;

/** The admin-impersonation function: status, start, end. */
export function callImpersonation(body: ImpersonationRequest): Promise<ImpersonationResponse> {
  return api.post('/api/functions/admin-impersonation', body, { schema: impersonationResponseSchema, urgent: true });
}

/** The status check: runs only when `enabled` (admins, or a session that is an impersonation). */
export function useImpersonationStatus(enabled: boolean) {
  return useQuery({ queryKey: impersonationStatusKey, queryFn: () => callImpersonation({ action: 'status' }), enabled, staleTime: 60_000 });
}
