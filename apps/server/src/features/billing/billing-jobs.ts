import type { Db } from '../../infra/db/client';
import type { JobQueue } from '../../infra/jobs/queue';
import type { Logger } from '../../lib/logger';

/** Billing's scheduled work: trial reminders, the trial's end, downgrades due at the period's end. */
export async function defineBillingJobs(_jobs: JobQueue, _deps: { db: Db; logger: Logger; publicUrl: string }): Promise<void> {}
