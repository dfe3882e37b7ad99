import type { Report } from '@ridgeline/shared/contracts/documents';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { isOnItsWay } from '../../lib/document-status';
import { ProgressBar } from '../../components/ui/progress-bar';

// Where a document is, in words: the percent of a PDF on its way (a progress bar screen readers
// read), "Failed: <reason>" with Try again, ready (and out of date when its inputs changed), or a
// draft of the editor.

export function ReportProgress({ report }: { report: Pick<Report, 'title' | 'progress' | 'status'> }) {
  const percent = Math.max(0, Math.min(100, report.progress));
  return (
    <div className="flex min-w-40 items-center gap-2">
      <ProgressBar
        label={`Making ${report.title}`}
        now={percent}
        valueText={`${percent}%`}
        className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
        barClassName="h-full rounded-full bg-blue-700 transition-[width]"
      />
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
