import type { Report } from '@ridgeline/shared/contracts/documents';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { isOnItsWay } from '../../lib/document-status';

// Where a document is, in words: the percent of a PDF on its way (a progress bar screen readers
// read), "Failed: <reason>" with Try again, ready (and out of date when its inputs changed), or a
// draft of the editor.

export function ReportProgress({ report }: { report: Pick<Report, 'title' | 'progress' | 'status'> }) {
  const percent = Math.max(0, Math.min(100, report.progress));
  return (
    <div className="flex min-w-40 items-center gap-2">
      <div
        role="progressbar"
        aria-label={`Making ${report.title}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
        className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-blue-700 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <span className="text-sm tabular-nums text-slate-800">{report.status === 'queued' && percent === 0 ? 'Queued' : `${percent}%`}</span>
    </div>
  );
}

type StatusProps = {
  report: Report;
  onRetry: () => void;
  retrying: boolean;
};

export function ReportStatus({ report, onRetry, retrying }: StatusProps) {
  if (isOnItsWay(report)) return <ReportProgress report={report} />;
  if (report.status === 'failed') {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-red-800">Failed: {report.error ?? 'the PDF could not be made'}</span>
        <Button variant="secondary" size="sm" onClick={onRetry} disabled={retrying}>
          {retrying ? 'Trying…' : 'Try again'}
        </Button>
      </div>
    );
  }
  if (report.status === 'draft') return <Badge tone="neutral">Draft</Badge>;
  return report.stale ? <Badge tone="warning">Out of date</Badge> : <Badge tone="success">Ready</Badge>;
}
