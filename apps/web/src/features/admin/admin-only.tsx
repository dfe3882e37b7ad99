import type { ComponentType, ReactNode } from 'react';
import { useDocumentTitle } from '../../components/use-document-title';
import { useMe } from '../../lib/api/me';
import { formatDateTime as formatMoment } from '../../lib/dates';

/** A platform-admin page: its title for everyone, its contents (and their API calls) only for admins. */
export function AdminOnly({ title, children }: { title: string; children: ReactNode }) {
  const me = useMe();
  if (!me.data) return <h1 className="sr-only">{title}</h1>;
  if (me.data.role !== 'admin') {
    return (
      <div className="mx-auto max-w-3xl">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <p className="mt-3 text-slate-700">Only platform admins can use this page.</p>
      </div>
    );
  }
  return children;
}

/** A platform-admin page: the document title and heading `title`, and `Contents` only for admins. */
export function adminPage(title: string, Contents: ComponentType) {
  return function AdminPage() {
    useDocumentTitle(title);
    return (
      <AdminOnly title={title}>
        <Contents />
      </AdminOnly>
    );
  };
}

export const formatDateTime = (iso: string | null) => (iso ? formatMoment(iso) : '—');
