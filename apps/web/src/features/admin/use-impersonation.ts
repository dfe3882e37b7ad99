import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { appNotify } from '../../lib/app-notify';
import { useSession } from '../../lib/session/session-provider';
import { useMe } from '../../lib/api/me';
import { callImpersonation, useImpersonationStatus } from './impersonation-api';
import { paths } from '../../lib/paths';

// Impersonation: not impersonating -> start -> impersonating -> end -> back.
// The status check runs on load only for admins (and for a session that is an impersonation, so
// the banner can show); a 403 from it marks the user as not admin.

/** Everything cached belonged to the other identity: read the session and every query again. */
export function useSwitchIdentity() {
  const { refresh } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async function switchIdentity(to: string) {
    await refresh();
    queryClient.clear();
    await navigate(to);
  };
}

// The shell holds this hook on every signed-in page: starting an impersonation (and the error
// words it may show) lives in use-start-impersonation.ts, which only the impersonation page loads.
export function useImpersonation() {
  const { user } = useSession();
  const me = useMe();
  const impersonating = Boolean(user?.impersonatedBy);
  const status = useImpersonationStatus(impersonating || me.data?.role === 'admin');
  const refusedAsNonAdmin = status.error instanceof ApiError && status.error.status === 403;
  const isAdmin = me.data?.role === 'admin' && !refusedAsNonAdmin;

  const switchIdentity = useSwitchIdentity();

  async function end(): Promise<void> {
    try {
      const result = await callImpersonation({ action: 'end', sessionId: status.data?.sessionId ?? undefined });
      if (!result.success || result.error) throw new Error(result.error ?? 'The impersonation did not end.');
      appNotify.success('Impersonation Ended', 'You are now viewing as yourself');
      await switchIdentity(paths.adminImpersonation);
    } catch {
      appNotify.error('Error', 'Failed to end impersonation session');
    }
  }

  const impersonatedEmail = impersonating ? (status.data?.impersonatedUser?.email ?? user?.email ?? null) : null;
  return { isAdmin, impersonating, impersonatedEmail, end };
}
