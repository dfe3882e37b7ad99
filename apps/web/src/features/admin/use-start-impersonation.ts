import type { ImpersonatedUser } from '@ridgeline/shared/contracts/admin';
import { appNotify } from '../../lib/app-notify';
import { errorText } from '../../lib/error-text';
import { callImpersonation } from './impersonation-api';
import { useSwitchIdentity } from './use-impersonation';
import { paths } from '../../lib/paths';

/** Starts viewing the product as the target user, with the reason the audit log keeps. */
export function useStartImpersonation() {
  const switchIdentity = useSwitchIdentity();
  return async function start(target: ImpersonatedUser, reason: string): Promise<boolean> {
    try {
      const result = await callImpersonation({ action: 'start', targetUserId: target.id, reason });
      if (!result.success || result.error) throw new Error(result.error ?? 'The impersonation did not start.');
      appNotify.success('Impersonation Started', `You are now viewing as ${result.targetUser?.email ?? target.email}`);
      await switchIdentity(paths.dashboard);
      return true;
    } catch (error) {
      appNotify.error('Impersonation Failed', errorText(error));
      return false;
    }
  };
}
