import { Download, FileImage, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Report } from '@ridgeline/shared/contracts/documents';
import { Alert } from '../../../components/ui/alert';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button, buttonVariants } from '../../../components/ui/button';
import { CardDiv } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { PageHeader } from '../../../components/page-header';
import { useDocumentTitle } from '../../../components/use-document-title';
import { errorText } from '../../../lib/error-text';
import { agoText } from '../../../lib/relative-time';
import { reportFilePath } from '../api/report-keys';
import { useReports } from '../api/reports';
import { paths } from '../../../lib/paths';

// /advanced-photo-reports: the company's advanced reports, newest first: title, what it is made
// from, where it is (draft, rendering with its percent, ready, failed), when and by whom it was last
// changed; each opens in the editor, and a ready one downloads.

const PAGE_SIZE = 25;

export function statusBadge(report: Pick<Report, 'status' | 'progress' | 'stale'>): { label: string; tone: BadgeTone } {
  switch (report.status) {
    case 'draft':
      return { label: 'Draft', tone: 'neutral' };
    case 'queued':
      return { label: 'Queued', tone: 'info' };
    case 'rendering':
      return { label: `Rendering ${report.progress}%`, tone: 'info' };
    case 'ready':
      return report.stale ? { label: 'Ready (changed since)', tone: 'warning' } : { label: 'Ready', tone: 'success' };
    case 'failed':
      return { label: 'Failed', tone: 'danger' };
  }
}

function ReportRow({ report }: { report: Report }) {
  const badge = statusBadge(report);
  const by = report.updatedBy?.name ?? report.createdBy?.name;
  return (
    <li className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center" aria-label={report.title}>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">{report.title}</p>
        <p className="text-sm text-slate-700">{report.sourceLabel}</p>
        <p className="text-sm text-slate-700">
          <Badge tone={badge.tone}>{badge.label}</Badge> Updated {agoText(report.updatedAt)}
          {by ? ` by ${by}` : ''}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link to={paths.editAdvancedReport(report.id)} className={buttonVariants({ variant: 'secondary' })} aria-label={`Edit ${report.title}`}>
          <Pencil aria-hidden="true" className="size-4" /> Edit
        </Link>
        {report.status === 'ready' && (
          <a href={reportFilePath(report.id)} download className={buttonVariants({ variant: 'secondary' })} aria-label={`Download ${report.title}`}>
            <Download aria-hidden="true" className="size-4" /> Download
          </a>
        )}
      </div>
    </li>
  );
}

export default function AdvancedReportsPage() {
  useDocumentTitle('Advanced Photo Reports');
  const [page, setPage] = useState(1);
  const list = useReports({ kind: 'advanced', page, pageSize: PAGE_SIZE });
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const newReport = (
    <Link to={paths.newAdvancedReport} className={buttonVariants({ className: 'self-start' })}>
      <Plus aria-hidden="true" className="size-4" /> New report
    </Link>
  );
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-5">
      <PageHeader title="Advanced Photo Reports">
        Reports you arrange yourself: choose the photos, their order, captions and layout, then render the PDF.
      </PageHeader>
      {newReport}
      {list.isError && <Alert>{errorText(list.error)}</Alert>}
      {list.isPending ? (
        <Skeleton className="h-40" aria-label="Loading reports" />
      ) : total === 0 && !list.isError ? (
        <EmptyState icon={<FileImage aria-hidden="true" className="size-8" />} title="No advanced reports yet">
          <p>Start one from a claim file or an inspection with New report.</p>
        </EmptyState>
      ) : (
        <CardDiv className="p-0">
          <ul aria-label="Advanced reports" className="divide-y divide-slate-200">
            {(list.data?.reports ?? []).map((report) => (
              <ReportRow key={report.id} report={report} />
            ))}
          </ul>
        </CardDiv>
      )}
      {pages > 1 && (
        <nav aria-label="Pages" className="flex items-center justify-between gap-3">
          <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <span className="text-sm text-slate-700">
            Page {page} of {pages}
          </span>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </nav>
      )}
    </div>
  );
}
