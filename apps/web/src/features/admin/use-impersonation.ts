import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { ImpersonatedUser } from '@ridgeline/shared/contracts/admin';
import { ApiError } from '../../lib/api-client';
import { appNotify } from '../../lib/app-notify';
import { errorText } from '../../lib/error-text';
import { useSession } from '../../lib/session/session-provider';
import { useMe } from '../../lib/api/me';
import { callImpersonation, useImpersonationStatus } from './admin-api';

// Impersonation: not impersonating -> start -> impersonating -> end -> back.
// The status check runs on load only for admins (and for a session that is an impersonation, so
// the banner can show); a 403 from it marks the user as not admin.

export function useImpersonation() {
  const { user, refresh } = useSession();
  const me = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const impersonating = Boolean(user?.impersonatedBy);
  const status = useImpersonationStatus(impersonating || me.data?.role === 'admin');
  const refusedAsNonAdmin = status.error instanceof ApiError && status.error.status === 403;
  const isAdmin = me.data?.role === 'admin' && !refusedAsNonAdmin;

  /** Everything cached belonged to the other identity: read the session and every query again. */
  async function switchIdentity(to: string) {
    await refresh();
    queryClient.clear();
    await navigate(to);
  }

  async function start(target: ImpersonatedUser, reason: string): Promise<boolean> {
    try {
      const result = await callImpersonation({ action: 'start', targetUserId: target.id, reason });
      if (!result.success || result.error) throw new Error(result.error ?? 'The impersonation did not start.');
      appNotify.success('Impersonation Started', `You are now viewing as ${result.targetUser?.email ?? target.email}`);
      await switchIdentity('/dashboard');
      return true;
    } catch (error) {
      appNotify.error('Impersonation Failed', errorText(error));
      return false;
    }
  }

  async function end(): Promise<void> {
    try {
      const result = await callImpersonation({ action: 'end', sessionId: status.data?.sessionId ?? undefined });
      if (!result.success || result.error) throw new Error(result.error ?? 'The impersonation did not end.');
      appNotify.success('Impersonation Ended', 'You are now viewing as yourself');
      await switchIdentity('/admin/impersonation');
    } catch {
      appNotify.error('Error', 'Failed to end impersonation session');
    }
  }

  const impersonatedEmail = impersonating ? (status.data?.impersonatedUser?.email ?? user?.email ?? null) : null;
  return { isAdmin, impersonating, impersonatedEmail, start, end };
}
