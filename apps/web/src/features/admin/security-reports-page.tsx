import { Alert } from '../../components/ui/alert';
import { CardTable } from '../../components/card-table';
import { TableCell, TableRow } from '../../components/ui/table';
import { useCspReports } from './admin-api';
import { adminPage, formatDateTime } from './admin-only';

/** /admin/security: the Content-Security-Policy violations browsers reported. */
function SecurityReportsPageContents() {
  const reports = useCspReports();
  return (
    <>
      <div className="mx-auto flex max-w-5xl flex-col gap-4">
        <h1 className="text-2xl font-bold text-slate-900">Admin Security Reports</h1>
        <p className="text-sm text-slate-700">Content-Security-Policy violations reported by browsers, newest first (the latest 200).</p>
        {reports.isError && <Alert>The reports could not be loaded.</Alert>}
        <CardTable
          caption="CSP violation reports"
          headers={['Received', 'Page', 'Directive', 'Blocked', 'Disposition']}
          cellPadding="px-3"
          headerClassName="bg-slate-50 text-slate-800"
          empty={reports.data?.reports.length === 0 && 'No reports.'}
        >
          {reports.data?.reports.map((report) => (
            <TableRow key={report.id}>
              <TableCell className="px-3 whitespace-nowrap">{formatDateTime(report.receivedAt)}</TableCell>
              <TableCell className="px-3 break-all">{report.documentUri}</TableCell>
              <TableCell className="px-3">{report.violatedDirective}</TableCell>
              <TableCell className="px-3 break-all">{report.blockedUri ?? '—'}</TableCell>
              <TableCell className="px-3">{report.disposition ?? '—'}</TableCell>
            </TableRow>
          ))}
        </CardTable>
      </div>
    </>
  );
}

export default adminPage('Admin Security Reports', SecurityReportsPageContents);
