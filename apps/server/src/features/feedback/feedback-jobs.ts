import { SCREENSHOT_UNSENT_HOURS } from '@ridgeline/shared/domain/feedback';
import type { Db } from '../../infra/db/client';
import type { JobQueue } from '../../infra/jobs/queue';
import type { Storage } from '../../infra/storage/storage';
import type { Logger } from '../../lib/logger';
import { deleteUnsentScreenshot, listUnsentScreenshots } from './feedback.repository';
import { FEEDBACK_BUCKET } from './feedback.service';

/** The hourly sweep of screenshots uploaded for feedback that was never sent. */
export const SCREENSHOT_SWEEP_JOB = 'sweep-unsent-feedback-screenshots';

/** Screenshots removed per sweep at most; the next sweep takes the rest. */
const SWEEP_BATCH = 500;

export type ScreenshotSweepDeps = { db: Db; storage: Pick<Storage, 'remove'>; logger: Pick<Logger, 'warn'>; now?: () => number };

/**
 * Deletes the screenshots still waiting SCREENSHOT_UNSENT_HOURS after their upload: the row first
 * (only while it still waits, so one sent meanwhile stays), then its file. Answers how many went.
 */
export async function sweepUnsentScreenshots({ db, storage, logger, now = Date.now }: ScreenshotSweepDeps): Promise<number> {
  const before = new Date(now() - SCREENSHOT_UNSENT_HOURS * 3_600_000);
  let removed = 0;
  for (const screenshot of await listUnsentScreenshots(db, before, SWEEP_BATCH)) {
    if (!(await deleteUnsentScreenshot(db, screenshot.id))) continue;
    removed += 1;
    await storage.remove(FEEDBACK_BUCKET, screenshot.objectPath).catch((error: unknown) => {
      logger.warn({ err: String(error), objectPath: screenshot.objectPath }, 'could not remove the file of an unsent screenshot');
    });
  }
  return removed;
}

/** Registers feedback's scheduled work on the queue (before it starts). */
export function defineFeedbackJobs(jobs: JobQueue, deps: { db: Db; storage: Storage; logger: Logger }): void {
  jobs.define(
    SCREENSHOT_SWEEP_JOB,
    async () => {
      const removed = await sweepUnsentScreenshots(deps);
      if (removed > 0) deps.logger.info({ removed }, 'removed unsent feedback screenshots');
    },
    { cron: '41 * * * *', batchSize: 1, pollingIntervalSeconds: 30 },
  );
}
