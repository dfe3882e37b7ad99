import { ChevronDown, ChevronUp, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { UPLOAD_TEXT, UPLOADS_DONE_HIDE_MS, uploadPercent } from '@ridgeline/shared/domain/upload-queue';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { notify } from '../../lib/toast';
import { errorText } from '../../lib/error-text';
import { routes } from '../../lib/paths';
import { clearCompletedUploads, retryFailedUploads, useQueueUserId, useUploadSummary } from '../../offline/upload-queue';
import { ProgressBar } from '../../components/ui/progress-bar';

// The upload panel: a card fixed at the bottom right of every signed-in page but the landing page,
// the dashboard and the field-inspection screens (which show their own compact progress). It shows
// how far the photo queue is, what is waiting, and lets the user retry failed photos and clear the
// completed ones. When everything is uploaded with nothing failed it hides after 2 s and says so.
// The shell mounts it (lazily) only once the queue has something in it.

/** Where the panel is never shown. */
export function isUploadPanelHidden(pathname: string): boolean {
  return pathname === routes.home || pathname === routes.dashboard || pathname === routes.fieldHub || pathname.startsWith(`${routes.fieldHub}/`);
}

type Props = {
  /** Shown as the title ('{count} Photos') instead of 'Photo Uploads'. */
  count?: number;
};

export default function UploadPanel({ count }: Props) {
  const { pathname } = useLocation();
  const userId = useQueueUserId();
  const summary = useUploadSummary();
  const [expanded, setExpanded] = useState(true);
  /** The total when the user closed the panel: it comes back when more photos are queued. */
  const [closedAtTotal, setClosedAtTotal] = useState<number | null>(null);
  /** Whether this visit saw photos waiting: a queue that was already all done is not announced. */
  const [sawWork, setSawWork] = useState(false);
  const [doneHidden, setDoneHidden] = useState(false);

  const working = summary.pending + summary.uploading + summary.failed > 0;
  const allDone = summary.total > 0 && summary.completed === summary.total;
  // Adjusted while rendering (not in an effect): new work shows the panel again.
  if (working && !sawWork) setSawWork(true);
  if (working && doneHidden) setDoneHidden(false);
  if (closedAtTotal !== null && summary.total > closedAtTotal) setClosedAtTotal(null);

  const routeHidden = isUploadPanelHidden(pathname);
  const finishing = allDone && sawWork && !doneHidden && !routeHidden;
  useEffect(() => {
    if (!finishing) return;
    const timer = setTimeout(() => {
      setDoneHidden(true);
      setSawWork(false);
      notify.success(UPLOAD_TEXT.allDone);
    }, UPLOADS_DONE_HIDE_MS);
    return () => clearTimeout(timer);
  }, [finishing]);

  if (routeHidden || summary.total === 0 || doneHidden || closedAtTotal !== null || (allDone && !sawWork) || !userId) return null;

  const percent = uploadPercent(summary);
  const border = summary.failed > 0 ? 'border-red-600' : summary.uploading > 0 ? 'border-blue-600' : 'border-slate-300';
  const title = count === undefined ? UPLOAD_TEXT.title : UPLOAD_TEXT.titleWithCount(count);

  const retry = async () => {
    notify.info(UPLOAD_TEXT.retryingToast);
    try {
      await retryFailedUploads(userId);
    } catch (error) {
      notify.error(errorText(error));
    }
  };
  const clear = async () => {
    try {
      await clearCompletedUploads(userId);
      notify.success(UPLOAD_TEXT.clearedToast);
    } catch (error) {
      notify.error(errorText(error));
    }
  };

  return (
    <section
      aria-labelledby="upload-panel-title"
      data-testid="upload-panel"
      data-upload-panel=""
      className={`fixed right-3 bottom-[max(0.75rem,env(safe-area-inset-bottom))] left-3 z-30 rounded-lg border-2 bg-white p-3 text-slate-900 shadow-xl sm:left-auto sm:w-96 ${border}`}
    >
      <div className="flex items-center gap-2">
        <h2 id="upload-panel-title" className="text-base font-bold">
          {title}
        </h2>
        {!summary.online && (
          <Badge tone="warning" className="ml-1">
            {UPLOAD_TEXT.offline}
          </Badge>
        )}
        <div className="ml-auto flex items-center">
          <Button
            variant="ghost"
            size="icon"
            className="size-12"
            aria-expanded={expanded}
            aria-controls="upload-panel-actions"
            onClick={() => setExpanded((open) => !open)}
          >
            {expanded ? <ChevronDown aria-hidden="true" className="size-5" /> : <ChevronUp aria-hidden="true" className="size-5" />}
            <span className="sr-only">{expanded ? 'Collapse photo uploads' : 'Expand photo uploads'}</span>
          </Button>
          <Button variant="ghost" size="icon" className="size-12" onClick={() => setClosedAtTotal(summary.total)}>
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">Close photo uploads</span>
          </Button>
        </div>
      </div>
      <p role="status" aria-live="polite" className="text-sm font-medium">
        {UPLOAD_TEXT.progress(summary.completed, summary.total)}
        {summary.uploading > 0 && ` ${UPLOAD_TEXT.uploadingNow(summary.uploading)}`}
      </p>
      <ProgressBar
        label="Photos uploaded"
        now={percent}
        valueText={`${percent}%`}
        className="mt-2 h-3 w-full overflow-hidden rounded-full bg-slate-200"
        barClassName={`h-full rounded-full ${summary.failed > 0 ? 'bg-red-600' : 'bg-blue-700'}`}
      />
      <ul aria-label="Upload states" className="mt-2 flex flex-wrap gap-1.5">
        {summary.uploading > 0 && (
          <li>
            <Badge tone="info">{summary.uploading} uploading</Badge>
          </li>
        )}
        {summary.pending > 0 && (
          <li>
            <Badge tone="neutral">{summary.pending} pending</Badge>
          </li>
        )}
        {summary.completed > 0 && (
          <li>
            <Badge tone="success">{summary.completed} done</Badge>
          </li>
        )}
        {summary.failed > 0 && (
          <li>
            <Badge tone="danger">{summary.failed} failed</Badge>
          </li>
        )}
      </ul>
      {expanded && (
        <div id="upload-panel-actions" className="mt-3 flex flex-col gap-2">
          {summary.failed > 0 && (
            <Button variant="destructive-outline" size="lg" disabled={!summary.online} onClick={() => void retry()}>
              {UPLOAD_TEXT.retryFailed(summary.failed)}
            </Button>
          )}
          {summary.completed > 0 && (
            <Button variant="secondary" size="lg" onClick={() => void clear()}>
              {UPLOAD_TEXT.clearCompleted(summary.completed)}
            </Button>
          )}
          {!summary.online && <p className="text-sm text-slate-800">{UPLOAD_TEXT.resumeNote}</p>}
        </div>
      )}
    </section>
  );
}
