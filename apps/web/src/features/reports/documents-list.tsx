import type { Report } from '@ridgeline/shared/contracts/documents';
import { canManageCompany } from '@ridgeline/shared/domain/roles';
import { Download, Pencil, RefreshCw, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CardDiv } from '../../components/ui/card';
import { Button } from '../../components/ui/button';
import { buttonVariants } from '../../components/ui/button-variants';
import { useMe } from '../../lib/api/me';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { useDeleteReport } from './api/delete-report';
import { reportFilePath } from './api/report-keys';
import { useRenderReport } from './api/render-report';
import { ReportStatus } from './report-status';
import { kindLabel, madeByText, pagesText, whenText } from './report-words';
import { watchDocument } from './watched-documents';
import { paths } from '../../lib/paths';

// A list of documents as cards (one a row on a phone, the facts side by side on a wide screen): kind,
// title, status, pages, made by, when; Download once ready, Update PDF when out of date, Edit for an
// arranged report, Delete after a confirmation (owners and managers: reports.policy.ts on the server).

/** Why a member sees no Delete on a document. */
export const DELETE_DOCUMENT_RIGHTS_TEXT = 'Owners and managers of your company can delete documents.';

export function editReportPath(id: string): string {
  return paths.editAdvancedReport(encodeURIComponent(id));
}

type Heading = 'h2' | 'h3';

export function DocumentsList({
  reports,
  label,
  showSource = false,
  headingLevel = 'h3',
}: {
  reports: Report[];
  label: string;
  showSource?: boolean;
  headingLevel?: Heading;
}) {
  const role = useMe().data?.company?.role ?? null;
  const canDelete = role !== null && canManageCompany(role);
  return (
    <>
      {!canDelete && role !== null && reports.length > 0 && <p className="text-sm text-slate-700">{DELETE_DOCUMENT_RIGHTS_TEXT}</p>}
      <ul aria-label={label} className="flex flex-col gap-3">
        {reports.map((report) => (
          <DocumentRow key={report.id} report={report} showSource={showSource} headingLevel={headingLevel} canDelete={canDelete} />
        ))}
      </ul>
    </>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex gap-1 sm:flex-col sm:gap-0">
      <dt className="text-slate-700">{term}:</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

type RowProps = { report: Report; showSource: boolean; headingLevel: Heading; canDelete: boolean };

function DocumentRow({ report, showSource, headingLevel: Title, canDelete }: RowProps) {
  const render = useRenderReport();
  const remove = useDeleteReport();

  const renderAgain = () =>
    render.mutate(
      { id: report.id, overrideReason: report.overrideReason ?? undefined },
      {
        onSuccess: (next) => {
          if (next.status !== 'ready') watchDocument(next.id);
          else notify.success(`${next.title} is ready`, 'Nothing it is made from changed since the last PDF.');
        },
        onError: (error) => notify.error('The PDF could not be started', errorText(error)),
      },
    );

  const onDelete = () => {
    if (!window.confirm(`Delete ${report.title}? Its PDF and any link sharing it stop working.`)) return;
    remove.mutate(report.id, {
      onSuccess: () => notify.success('Document deleted', `${report.title} is gone.`),
      onError: (error) => notify.error('The document could not be deleted', errorText(error)),
    });
  };

  return (
    <li>
      <CardDiv className="flex flex-col gap-3 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="text-sm text-slate-700">{kindLabel(report)}</p>
            <Title className="text-base font-semibold break-words text-slate-900">{report.title}</Title>
          </div>
          <ReportStatus report={report} onRetry={renderAgain} retrying={render.isPending} />
        </div>
        <dl className="grid gap-1 text-sm sm:grid-cols-4 sm:gap-3">
          {showSource && <Fact term={report.sessionId && !report.projectId ? 'Inspection' : 'Claim file'}>{report.sourceLabel}</Fact>}
          <Fact term="Pages">{pagesText(report)}</Fact>
          <Fact term="Made by">{madeByText(report)}</Fact>
          <Fact term="When">{whenText(report.createdAt)}</Fact>
        </dl>
        <div className="flex flex-wrap gap-2">
          {report.status === 'ready' && (
            <a href={reportFilePath(report.id)} download className={buttonVariants({ variant: 'secondary' })}>
              <Download aria-hidden="true" className="size-4" />
              Download<span className="sr-only"> {report.title}</span>
            </a>
          )}
          {report.status === 'ready' && report.stale && (
            <Button variant="secondary" onClick={renderAgain} disabled={render.isPending}>
              <RefreshCw aria-hidden="true" className="size-4" />
              {render.isPending ? 'Updating…' : 'Update PDF'}
            </Button>
          )}
          {report.kind === 'advanced' && (
            <Link to={editReportPath(report.id)} className={buttonVariants({ variant: 'secondary' })}>
              <Pencil aria-hidden="true" className="size-4" />
              Edit<span className="sr-only"> {report.title}</span>
            </Link>
          )}
          {canDelete && (
            <Button variant="destructive-outline" onClick={onDelete} disabled={remove.isPending}>
              <Trash2 aria-hidden="true" className="size-4" />
              Delete<span className="sr-only"> {report.title}</span>
            </Button>
          )}
        </div>
      </CardDiv>
    </li>
  );
}
