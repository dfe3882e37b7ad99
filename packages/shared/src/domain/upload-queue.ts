// The photo upload queue's rules: its constants, the order photos go in, and the panel's words. Pure,
// so the web queue and its tests read the same numbers. The wait before a retry is the web outboxes'
// one backoff (apps/web/src/offline/outbox/retry.ts).

/** Photos uploading at once. */
export const UPLOAD_CONCURRENCY = 8;
/** Attempts in all before a photo is marked failed. */
export const UPLOAD_MAX_ATTEMPTS = 3;
/** A photo's priority when queued. */
export const DEFAULT_UPLOAD_PRIORITY = 1;
/** The priority of a phase's pending photos after the user prioritises that phase. */
export const PHASE_UPLOAD_PRIORITY = 10;
/** How long the finished panel stays before it hides with its success toast. */
export const UPLOADS_DONE_HIDE_MS = 2000;

export type UploadStatus = 'pending' | 'uploading' | 'completed' | 'failed';

/** The upload queue summary: how many photos are in each state. */
export type UploadQueueSummary = { total: number; completed: number; uploading: number; pending: number; failed: number };

/** Upload order: higher priority first, then the newer capture time first. */
export function compareUploadOrder(a: { priority: number; capturedAt: number }, b: { priority: number; capturedAt: number }): number {
  return b.priority - a.priority || b.capturedAt - a.capturedAt;
}

/** The percent shown on the panel's bar: completed over total, rounded, 0 when there is nothing. */
export function uploadPercent(summary: Pick<UploadQueueSummary, 'total' | 'completed'>): number {
  return summary.total === 0 ? 0 : Math.round((summary.completed / summary.total) * 100);
}

export const UPLOAD_TEXT = {
  title: 'Photo Uploads',
  titleWithCount: (count: number) => `${count} Photos`,
  progress: (completed: number, total: number) => `${completed} of ${total} uploaded`,
  uploadingNow: (count: number) => `(${count} uploading...)`,
  retryFailed: (count: number) => `Retry Failed (${count})`,
  clearCompleted: (count: number) => `Clear Completed (${count})`,
  retryingToast: 'Retrying failed uploads...',
  clearedToast: 'Cleared completed uploads',
  resumeNote: 'Uploads will resume when online',
  allDone: 'All uploads completed successfully!',
  offline: 'Offline',
  failed: (message: string) => `Failed to upload photo: ${message}`,
  profileNotFound: 'User profile not found',
} as const;
