import { Search } from 'lucide-react';
import { useDeferredValue, useState, type ReactNode } from 'react';
import type { AdminUser } from '@ridgeline/shared/contracts/admin';
import { useAdminUsers } from './admin-api';

/** Search users by name, e-mail or company; each row gets the caller's action. */
export function UserSearch({ label, action }: { label: string; action: (user: AdminUser) => ReactNode }) {
  const [q, setQ] = useState('');
  const query = useDeferredValue(q.trim());
  const users = useAdminUsers(query);
  return (
    <div className="flex flex-col gap-3">
      <label htmlFor="user-search" className="text-sm font-semibold text-slate-900">
        {label}
      </label>
      <div className="relative">
        <Search aria-hidden="true" className="absolute top-2.5 left-3 size-4 text-slate-500" />
        <input
          id="user-search"
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder="Name, email or company"
          className="w-full rounded-md border border-slate-300 py-2 pr-3 pl-9 text-sm"
        />
      </div>
      {users.isError && <p role="alert" className="text-sm text-red-800">The user list could not be loaded.</p>}
      <ul aria-label="Users" className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
        {users.data?.users.map((user) => (
          <li key={user.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">
                {user.name} {user.role === 'admin' && <span className="ml-1 rounded bg-blue-100 px-1.5 py-0.5 text-xs text-blue-900">admin</span>}
                {!user.isEnabled && <span className="ml-1 rounded bg-red-100 px-1.5 py-0.5 text-xs text-red-900">disabled</span>}
              </p>
              <p className="truncate text-sm text-slate-700">
                {user.email}
                {user.companyName ? ` · ${user.companyName}` : ''}
              </p>
            </div>
            {action(user)}
          </li>
        ))}
        {users.data?.users.length === 0 && <li className="px-4 py-3 text-sm text-slate-700">No users match.</li>}
      </ul>
    </div>
  );
}
