import { Search } from 'lucide-react';
import { useDeferredValue, useState, type ReactNode } from 'react';
import type { AdminUser } from '@ridgeline/shared/contracts/admin';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { CardList, CardListRow } from '../../components/card-list';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { useAdminUsers } from './admin-api';

/** Search users by name, e-mail or company; each row gets the caller's action. */
export function UserSearch({ label, action }: { label: string; action: (user: AdminUser) => ReactNode }) {
  const [q, setQ] = useState('');
  const query = useDeferredValue(q.trim());
  const users = useAdminUsers(query);
  return (
    <div className="flex flex-col gap-3">
      <Label htmlFor="user-search">{label}</Label>
      <div className="relative">
        <Search aria-hidden="true" className="absolute top-3.5 left-3 size-4 text-slate-500" />
        <Input id="user-search" type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Name, email or company" className="pl-9" />
      </div>
      {users.isError && <Alert>The user list could not be loaded.</Alert>}
      <CardList label="Users">
        {users.data?.users.map((user) => (
          <CardListRow
            key={user.id}
            truncate
            title={
              <>
                {user.name}{' '}
                {user.role === 'admin' && (
                  <Badge tone="info" className="ml-1">
                    admin
                  </Badge>
                )}
                {!user.isEnabled && (
                  <Badge tone="danger" className="ml-1">
                    disabled
                  </Badge>
                )}
              </>
            }
            detail={
              <>
                {user.email}
                {user.companyName ? ` · ${user.companyName}` : ''}
              </>
            }
          >
            {action(user)}
          </CardListRow>
        ))}
        {users.data?.users.length === 0 && <li className="px-4 py-3 text-sm text-slate-700">No users match.</li>}
      </CardList>
    </div>
  );
}
