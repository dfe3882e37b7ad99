import { useDocumentTitle } from '../../components/use-document-title';
import { useCspReports } from './admin-api';
import { AdminOnly, formatDateTime } from './admin-only';

/** /admin/security: the Content-Security-Policy violations browsers reported. */
function SecurityReportsPageContents() {
  const reports = useCspReports();
  return (
    <>
      <div className="mx-auto flex max-w-5xl flex-col gap-4">
        <h1 className="text-2xl font-bold text-slate-900">Admin Security Reports</h1>
        <p className="text-sm text-slate-700">Content-Security-Policy violations reported by browsers, newest first (the latest 200).</p>
        {reports.isError && <p role="alert" className="text-sm text-red-800">The reports could not be loaded.</p>}
        <div className="overflow-x-auto rounded-md border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">CSP violation reports</caption>
            <thead className="bg-slate-50 text-slate-800">
              <tr>
                <th scope="col" className="px-3 py-2">Received</th>
                <th scope="col" className="px-3 py-2">Page</th>
                <th scope="col" className="px-3 py-2">Directive</th>
                <th scope="col" className="px-3 py-2">Blocked</th>
                <th scope="col" className="px-3 py-2">Disposition</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {reports.data?.reports.map((report) => (
                <tr key={report.id}>
                  <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(report.receivedAt)}</td>
                  <td className="px-3 py-2 break-all">{report.documentUri}</td>
                  <td className="px-3 py-2">{report.violatedDirective}</td>
                  <td className="px-3 py-2 break-all">{report.blockedUri ?? '—'}</td>
                  <td className="px-3 py-2">{report.disposition ?? '—'}</td>
                </tr>
              ))}
              {reports.data?.reports.length === 0 && (
                <tr>
                  <td colSpan={5} className="px-3 py-3 text-slate-700">No reports.</td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      </div>
    </>
  );
}

export default function SecurityReportsPage() {
  useDocumentTitle('Admin Security Reports');
  return (
    <AdminOnly title="Admin Security Reports">
      <SecurityReportsPageContents />
    </AdminOnly>
  );
}
