import PgBoss from 'pg-boss';
import type { Logger } from '../../lib/logger';

// The job queue (pg-boss on PostgreSQL): slow work (mail now; thumbnails, push, PDF later) runs
// here, claimed with SKIP LOCKED so any number of API instances share it.

export type JobHandler<T> = (data: T) => Promise<void>;

export type JobQueue = {
  /** Registers a queue and its worker; call before start(). */
  define: <T extends object>(name: string, handler: JobHandler<T>) => void;
  send: <T extends object>(name: string, data: T) => Promise<string>;
  start: () => Promise<void>;
  stop: () => Promise<void>;
};

/** Creates the pg-boss backed queue on the given database URL. */
export function createJobQueue(url: string, logger: Logger): JobQueue {
  const boss = new PgBoss({ connectionString: url, max: 4 });
  boss.on('error', (error: Error) => logger.warn({ err: error.message }, 'job queue error'));
  const handlers = new Map<string, JobHandler<object>>();
  let started = false;

  return {
    define(name, handler) {
      handlers.set(name, handler as JobHandler<object>);
    },
    async send(name, data) {
      if (!started) throw new Error(`Job queue not started (sending ${name})`);
      const id = await boss.send(name, data, { retryLimit: 3, retryDelay: 2, retryBackoff: true });
      if (!id) throw new Error(`Job ${name} was not queued`);
      return id;
    },
    async start() {
      await boss.start();
      for (const [name, handler] of handlers) {
        await boss.createQueue(name);
        await boss.work<object>(name, { pollingIntervalSeconds: 0.5, batchSize: 5 }, async (jobs) => {
          for (const job of jobs) await handler(job.data);
        });
      }
      started = true;
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, timeout: 5000 });
    },
  };
}
