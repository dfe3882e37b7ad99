import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Logger } from '../../lib/logger';
import type { Metrics } from '../metrics/metrics';

// The job queue (pg-boss on PostgreSQL): slow work (mail, photo thumbnails, the purge of deleted
// photos) runs here, claimed with SKIP LOCKED so any number of API instances share it.

export type JobHandler<T> = (data: T) => Promise<void>;

/** How a queue's jobs are worked; the defaults suit light work such as mail. */
export type WorkOptions = {
  /** Jobs claimed per fetch (default 5). */
  batchSize?: number;
  /** How often an idle worker looks for jobs, in seconds (default 0.5, pg-boss's minimum). */
  pollingIntervalSeconds?: number;
  /** Workers of this queue in this process, each with its own fetch loop (default 1). */
  workers?: number;
  /** A cron expression: the queue also gets a job on this schedule (shared by every instance). */
  cron?: string;
};

export type JobQueue = {
  /** Registers a queue and its worker; call before start(). */
  define: <T extends object>(name: string, handler: JobHandler<T>, options?: WorkOptions) => void;
  send: <T extends object>(name: string, data: T) => Promise<string>;
  /** Queues several jobs (of any defined queues) in one statement, waking each queue's local worker once. */
  sendMany: (jobs: readonly { name: string; data: object }[]) => Promise<void>;
  start: () => Promise<void>;
  /** Stops fetching and waits up to `timeoutMs` (default 5 s) for the jobs being worked here. */
  stop: (timeoutMs?: number) => Promise<void>;
  /** Jobs waiting (created or waiting out a retry, not yet active) in each defined queue, shared by every instance. */
  depths: () => Promise<{ queue: string; waiting: number }[]>;
};

/** Every job is retried 3 times, waiting 2 s, then doubling. */
const RETRY = { retryLimit: 3, retryDelay: 2, retryBackoff: true } as const;

/** The advisory lock key under which an instance creates its queues and schedules. */
const QUEUE_SETUP_LOCK = 724_312;

async function underLock(url: string, key: number, work: () => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [key]);
    await work();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
    await client.end();
  }
}

/** Creates the pg-boss backed queue on the given database URL. */
export function createJobQueue(url: string, logger: Logger, metrics?: Metrics): JobQueue {
  const boss = new PgBoss({ connectionString: url, max: 4 });
  boss.on('error', (error: Error) => logger.warn({ err: error.message }, 'job queue error'));
  const handlers = new Map<string, { handler: JobHandler<object>; options: WorkOptions }>();
  // The local workers of each queue: a job sent here wakes one of them (round robin) at once
  // instead of waiting for its next poll.
  const workerIds = new Map<string, { ids: string[]; next: number }>();
  let started = false;

  return {
    define(name, handler, options = {}) {
      handlers.set(name, { handler: handler as JobHandler<object>, options });
    },
    async send(name, data) {
      if (!started) throw new Error(`Job queue not started (sending ${name})`);
      const id = await boss.send(name, data, RETRY);
      if (!id) throw new Error(`Job ${name} was not queued`);
      const local = workerIds.get(name);
      const workerId = local?.ids[local.next % local.ids.length];
      if (local && workerId) {
        local.next += 1;
        boss.notifyWorker(workerId);
      }
      return id;
    },
    async sendMany(jobs) {
      if (!started) throw new Error('Job queue not started (sending several jobs)');
      if (jobs.length === 0) return;
      await boss.insert(jobs.map(({ name, data }) => ({ name, data, ...RETRY })));
      for (const name of new Set(jobs.map((job) => job.name))) {
        const local = workerIds.get(name);
        const workerId = local?.ids[local.next % local.ids.length];
        if (local && workerId) {
          local.next += 1;
          boss.notifyWorker(workerId);
        }
      }
    },
    async start() {
      // Instances starting together would create the same queues at once (pg-boss's own at its
      // start, then ours), and pg-boss's create_queue deadlocks against itself: one instance at a
      // time, under an advisory lock held on a connection of its own.
      await underLock(url, QUEUE_SETUP_LOCK, async () => {
        await boss.start();
        for (const [name, { options }] of handlers) {
          await boss.createQueue(name);
          if (options.cron) await boss.schedule(name, options.cron, {});
        }
      });
      for (const [name, { handler, options }] of handlers) {
        const ids: string[] = [];
        const batchSize = options.batchSize ?? 5;
        for (let i = 0; i < Math.max(1, options.workers ?? 1); i++) {
          let self = '';
          self = await boss.work<object>(name, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 0.5, batchSize }, async (jobs) => {
            for (const job of jobs) {
              const started = performance.now();
              try {
                await handler(job.data);
                metrics?.observeJob(name, true, (performance.now() - started) / 1000);
              } catch (error) {
                metrics?.observeJob(name, false, (performance.now() - started) / 1000);
                throw error;
              }
            }
            // A full batch means more may be waiting: fetch again at once rather than after the
            // polling interval (pg-boss otherwise sleeps out the rest of it after every batch).
            if (jobs.length >= batchSize && self) boss.notifyWorker(self);
          });
          ids.push(self);
        }
        workerIds.set(name, { ids, next: 0 });
      }
      started = true;
    },
    async depths() {
      if (!started) return [];
      return Promise.all([...handlers.keys()].map(async (queue) => ({ queue, waiting: await boss.getQueueSize(queue, { before: 'active' }) })));
    },
    async stop(timeoutMs = 5000) {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, timeout: Math.max(1000, timeoutMs) });
    },
  };
}
