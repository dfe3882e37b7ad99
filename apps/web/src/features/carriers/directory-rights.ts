import { canChangeMadeBy, canManageCompany } from '@ridgeline/shared/domain/roles';
import { useMe } from '../../lib/api/me';

/** What the server refuses a member (carriers.policy.ts), so no button offers it: deleting, and changing a colleague's entry. */
export const DIRECTORY_RIGHTS_TEXT = 'Only owners and managers delete carriers and adjusters. You can edit the ones you added.';

/** The signed-in user's rights on the directory: change an entry (theirs, or any for owners and managers), delete (owners and managers). */
export function useDirectoryRights() {
  const me = useMe().data;
  const role = me?.company?.role ?? null;
  return {
    canChange: (entry: { createdBy: string | null }) => me !== undefined && role !== null && canChangeMadeBy(role, me.id, entry.createdBy),
    canDelete: role !== null && canManageCompany(role),
    /** Whether to say why some buttons are missing: a member who is signed in. */
    limited: role !== null && !canManageCompany(role),
  };
}
