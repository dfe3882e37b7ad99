import { Alert } from '../../components/ui/alert';
import { CardDiv } from '../../components/ui/card';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
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
        {reports.isError && <Alert>The reports could not be loaded.</Alert>}
        <CardDiv className="p-0">
          <Table>
            <TableCaption>CSP violation reports</TableCaption>
            <TableHeader className="bg-slate-50 text-slate-800">
              <TableRow>
                <TableHead scope="col" className="px-3">Received</TableHead>
                <TableHead scope="col" className="px-3">Page</TableHead>
                <TableHead scope="col" className="px-3">Directive</TableHead>
                <TableHead scope="col" className="px-3">Blocked</TableHead>
                <TableHead scope="col" className="px-3">Disposition</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody className="divide-slate-200">
              {reports.data?.reports.map((report) => (
                <TableRow key={report.id}>
                  <TableCell className="px-3 whitespace-nowrap">{formatDateTime(report.receivedAt)}</TableCell>
                  <TableCell className="px-3 break-all">{report.documentUri}</TableCell>
                  <TableCell className="px-3">{report.violatedDirective}</TableCell>
                  <TableCell className="px-3 break-all">{report.blockedUri ?? '—'}</TableCell>
                  <TableCell className="px-3">{report.disposition ?? '—'}</TableCell>
                </TableRow>
              ))}
              {reports.data?.reports.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5} className="px-3 py-3 text-slate-700">No reports.</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </CardDiv>
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
