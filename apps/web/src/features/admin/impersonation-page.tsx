import { useState } from 'react';
import type { AdminUser } from '@ridgeline/shared/contracts/admin';
import { useDocumentTitle } from '../../components/use-document-title';
import { useImpersonationAudit } from './admin-api';
import { AdminOnly, formatDateTime } from './admin-only';
import { useImpersonation } from './use-impersonation';
import { UserSearch } from './user-search';

/** /admin/impersonation: view the product as a user, with a required reason and an audit log. */
function ImpersonationPageContents() {
  const { start, impersonating } = useImpersonation();
  const audit = useImpersonationAudit();
  const [target, setTarget] = useState<AdminUser | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const reasonMissing = reason.trim().length === 0;

  return (
    <>
      <div className="mx-auto flex max-w-4xl flex-col gap-6">
        <h1 className="text-2xl font-bold text-slate-900">Admin Impersonation</h1>
        {impersonating ? (
          <p className="text-slate-800">You are viewing the product as another user. Exit the impersonation from the banner first.</p>
        ) : (
          <section aria-labelledby="start-heading" className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-5">
            <h2 id="start-heading" className="text-lg font-semibold text-slate-900">Start an impersonation</h2>
            <p className="text-sm text-slate-700">
              You see Ridgeline as the user for up to one hour. You cannot change their password or two-factor settings. Every start and end is logged.
            </p>
            <UserSearch
              label="Find the user"
              action={(user) => (
                <button
                  type="button"
                  disabled={user.role === 'admin' || !user.isEnabled}
                  aria-pressed={target?.id === user.id}
                  onClick={() => setTarget(user)}
                  className={`rounded-md px-3 py-1.5 text-sm font-semibold disabled:opacity-50 ${target?.id === user.id ? 'bg-blue-900 text-white' : 'border border-slate-300 text-slate-900 hover:bg-slate-50'}`}
                >
                  {target?.id === user.id ? 'Selected' : 'Select'}
                  <span className="sr-only"> {user.email}</span>
                </button>
              )}
            />
            <form
              className="flex flex-col gap-3"
              onSubmit={(e) => {
                e.preventDefault();
                if (!target || reasonMissing) return;
                setBusy(true);
                void start({ id: target.id, email: target.email, name: target.name }, reason.trim()).finally(() => setBusy(false));
              }}
            >
              <p className="text-sm text-slate-800">
                Selected user: <strong>{target ? target.email : 'none'}</strong>
              </p>
              <label htmlFor="impersonation-reason" className="text-sm font-semibold text-slate-900">
                Reason (required)
              </label>
              <textarea
                id="impersonation-reason"
                required
                maxLength={500}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                rows={3}
                className="rounded-md border border-slate-300 px-3 py-2 text-sm"
                placeholder="Why you need to see the product as this user, e.g. the support ticket"
              />
              <button
                type="submit"
                disabled={!target || reasonMissing || busy}
                className="self-start rounded-md bg-blue-900 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800 disabled:opacity-50"
              >
                Start Impersonation
              </button>
            </form>
          </section>
        )}
        <section aria-labelledby="audit-heading" className="flex flex-col gap-3">
          <h2 id="audit-heading" className="text-lg font-semibold text-slate-900">Audit log</h2>
          {audit.isError && <p role="alert" className="text-sm text-red-800">The audit log could not be loaded.</p>}
          <div className="overflow-x-auto rounded-md border border-slate-200 bg-white">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-slate-800">
                <tr>
                  <th scope="col" className="px-3 py-2">Admin</th>
                  <th scope="col" className="px-3 py-2">User</th>
                  <th scope="col" className="px-3 py-2">Reason</th>
                  <th scope="col" className="px-3 py-2">Started</th>
                  <th scope="col" className="px-3 py-2">Ended</th>
                  <th scope="col" className="px-3 py-2">IP</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {audit.data?.entries.map((entry) => (
                  <tr key={entry.id}>
                    <td className="px-3 py-2">{entry.admin.email}</td>
                    <td className="px-3 py-2">{entry.target.email}</td>
                    <td className="px-3 py-2">{entry.reason}</td>
                    <td className="px-3 py-2">{formatDateTime(entry.startedAt)}</td>
                    <td className="px-3 py-2">{entry.status === 'active' ? 'Active' : `${formatDateTime(entry.endedAt)}${entry.status === 'expired' ? ' (expired)' : ''}`}</td>
                    <td className="px-3 py-2">{entry.ip ?? '—'}</td>
                  </tr>
                ))}
                {audit.data?.entries.length === 0 && (
                  <tr>
                    <td colSpan={6} className="px-3 py-3 text-slate-700">No impersonations yet.</td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
        </section>
      </div>
    </>
  );
}

export default function ImpersonationPage() {
  useDocumentTitle('Admin Impersonation');
  return (
    <AdminOnly title="Admin Impersonation">
      <ImpersonationPageContents />
    </AdminOnly>
  );
}
