import { Button } from '../../components/ui/button';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { useSetUserEnabled } from './admin-api';
import { adminPage } from './admin-only';
import { UserSearch } from './user-search';

/** /admin/users: platform admins disable and enable accounts (better-auth's ban underneath). */
function AdminUsersPageContents() {
  const setEnabled = useSetUserEnabled();
  return (
    <>
      <div className="mx-auto flex max-w-4xl flex-col gap-4">
        <h1 className="text-2xl font-bold text-slate-900">Admin Users</h1>
        <p className="text-sm text-slate-700">
          A disabled account sees only the Account Disabled screen and can only sign out; its API calls are refused at once.
        </p>
        <UserSearch
          label="Find a user"
          action={(user) => (
            <Button
              size="sm"
              variant={user.isEnabled ? 'destructive-outline' : 'primary'}
              disabled={setEnabled.isPending || user.role === 'admin'}
              onClick={() =>
                setEnabled.mutate(
                  { id: user.id, isEnabled: !user.isEnabled },
                  {
                    onSuccess: (updated) => notify.success(updated.isEnabled ? 'Account enabled' : 'Account disabled', updated.email),
                    onError: (e) => notify.error('Account change failed', errorText(e)),
                  },
                )
              }
            >
              {user.isEnabled ? 'Disable' : 'Enable'}
              <span className="sr-only"> {user.email}</span>
            </Button>
          )}
        />
      </div>
    </>
  );
}

export default adminPage('Admin Users', AdminUsersPageContents);
