import { CloudOff, UploadCloud } from 'lucide-react';
import { useUploadSummary } from '../../../offline/upload-queue';

/**
 * The session screens' own compact upload progress (the app's upload panel is hidden on the field
 * screens): how many of this session's photos reached the server, what is still waiting, failures.
 */
export function UploadProgressLine({ sessionId }: { sessionId: string }) {
  const summary = useUploadSummary({ sessionId });
  if (summary.total === 0) return null;
  const waiting = summary.pending + summary.uploading;
  const parts = [`${summary.completed} of ${summary.total} photos uploaded`];
  if (waiting > 0) parts.push(`${waiting} waiting`);
  if (summary.failed > 0) parts.push(`${summary.failed} failed`);
  if (!summary.online) parts.push('Offline: uploads resume when online');
  return (
    <p
      role="status"
      aria-live="polite"
      className={`flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium ${summary.failed > 0 ? 'bg-red-50 text-red-900' : 'bg-blue-50 text-blue-950'}`}
    >
      {summary.online ? <UploadCloud aria-hidden="true" className="size-4 shrink-0" /> : <CloudOff aria-hidden="true" className="size-4 shrink-0" />}
      <span>{parts.join(' · ')}</span>
    </p>
  );
}
