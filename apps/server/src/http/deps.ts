import type { Config } from '../config';
import type { Database } from '../infra/db/client';
import type { JobQueue } from '../infra/jobs/queue';
import type { MailMessage } from '../infra/mail/mailer';
import type { Storage } from '../infra/storage/storage';
import type { Auth } from '../features/auth/auth';
import type { MaintenanceService } from '../features/maintenance/maintenance.service';
import type { Logger } from '../lib/logger';
import type { RateLimitStore } from '../lib/rate-limit-store';

/** Everything a route needs, built once in main.ts (the composition root). */
export type AppDeps = {
  config: Config;
  database: Database;
  databaseMode: 'embedded' | 'external';
  auth: Auth;
  storage: Storage;
  storageSecret: string;
  jobs: JobQueue;
  limits: RateLimitStore;
  maintenance: MaintenanceService;
  logger: Logger;
  /** Queues a mail as a job; the worker sends it. */
  queueMail: (message: MailMessage) => Promise<void>;
  version: string;
};
