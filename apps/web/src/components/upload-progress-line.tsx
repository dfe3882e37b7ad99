import { uploadPercent, UPLOAD_TEXT, type UploadQueueSummary } from '@ridgeline/shared/domain/upload-queue';
import { Badge } from './ui/badge';
import { ProgressBar } from './ui/progress-bar';

/**
 * A session's compact upload progress, on the field screens where the app's upload panel is hidden:
 * how many of its photos reached the server, how many are uploading now, failures, and that uploads
 * resume when the phone is back online. The screen hands it the session's live summary (the upload
 * queue's useUploadSummary).
 */
export function UploadProgressLine({ summary }: { summary: UploadQueueSummary & { online: boolean } }) {
  if (summary.total === 0 && summary.online) return null;
  const percent = uploadPercent(summary);
  return (
    <div className="flex flex-col gap-1 rounded-md border border-slate-300 bg-white px-3 py-2" data-testid="session-upload-progress">
      <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-900" aria-live="polite">
        {summary.total > 0 && <span>{UPLOAD_TEXT.progress(summary.completed, summary.total)}</span>}
        {summary.uploading > 0 && <span className="font-normal text-slate-700">{UPLOAD_TEXT.uploadingNow(summary.uploading)}</span>}
        {summary.failed > 0 && <Badge tone="danger">{summary.failed} failed</Badge>}
        {!summary.online && <Badge tone="warning">{UPLOAD_TEXT.offline}</Badge>}
      </p>
      {summary.total > 0 && (
        <ProgressBar
          label="Photos uploaded"
          now={percent}
          className="h-2 overflow-hidden rounded-full bg-slate-200"
          barClassName="h-full bg-blue-700 transition-[width]"
        />
      )}
      {!summary.online && summary.total > summary.completed && <p className="text-xs text-slate-700">{UPLOAD_TEXT.resumeNote}</p>}
    </div>
  );
}
