import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger';
import { createJobQueue, type JobQueue } from './queue';

// The job queue on a real PostgreSQL: a job sent is run by the worker, and two queues on the
// same database (two API instances) share the work without running a job twice.
const base = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const name = `rl_t_jobs_${Date.now().toString(36)}`;
const url = Object.assign(new URL(base), { pathname: `/${name}` }).toString();
const logger = createLogger('silent');
const queues: JobQueue[] = [];

async function admin(query: string) {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  await client.query(query);
  await client.end();
}

beforeAll(() => admin(`create database ${name}`));
afterAll(async () => {
  for (const queue of queues) await queue.stop();
  await admin(`drop database if exists ${name} with (force)`);
});

describe('job queue (pg-boss)', () => {
  it('runs each job exactly once across two instances', async () => {
    const seen: number[] = [];
    const seenBy: number[][] = [[], []];
    // Each worker holds its first job until both have one: a worker busy with its batch leaves the
    // rest to the other, so the test shows the work really is shared (the timeout only avoids a hang).
    let release = () => {};
    const bothWorking = new Promise<void>((resolve) => (release = resolve));
    const gate = Promise.race([bothWorking, new Promise<void>((resolve) => setTimeout(resolve, 10_000).unref())]);
    for (let i = 0; i < 2; i++) {
      const queue = createJobQueue(url, logger);
      const mine: number[] = seenBy[i] ?? [];
      queue.define<{ n: number }>('count', async ({ n }) => {
        seen.push(n);
        mine.push(n);
        if (seenBy.every((list) => list.length > 0)) release();
        await gate;
      });
      await queue.start();
      queues.push(queue);
    }
    const [first] = queues;
    if (!first) throw new Error('no queue');
    for (let n = 0; n < 10; n++) await first.send('count', { n });
    await expect.poll(() => seen.length, { timeout: 15_000 }).toBe(10);
    expect([...seen].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(seenBy[0]?.length, 'jobs run by the first instance').toBeGreaterThan(0);
    expect(seenBy[1]?.length, 'jobs run by the second instance').toBeGreaterThan(0);
  });

  it('runs a queue with several workers in one process: jobs run side by side, one each', async () => {
    const queue = createJobQueue(url, logger);
    queues.push(queue);
    let running = 0;
    let most = 0;
    const done: number[] = [];
    // Each job waits until three run at once (the timeout only avoids a hang): with one worker, or a
    // worker taking several jobs in turn, that never happens.
    let release = () => {};
    const allThree = new Promise<void>((resolve) => (release = resolve));
    const gate = Promise.race([allThree, new Promise<void>((resolve) => setTimeout(resolve, 10_000).unref())]);
    queue.define<{ n: number }>(
      'side-by-side',
      async ({ n }) => {
        running += 1;
        most = Math.max(most, running);
        if (running >= 3) release();
        await gate;
        running -= 1;
        done.push(n);
      },
      { workers: 3, batchSize: 1 },
    );
    await queue.start();
    for (let n = 0; n < 6; n++) await queue.send('side-by-side', { n });
    await expect.poll(() => done.length, { timeout: 15_000 }).toBe(6);
    expect(most).toBe(3);
  });

  it('refuses to send before start', async () => {
    const queue = createJobQueue(url, logger);
    await expect(queue.send('count', { n: 1 })).rejects.toThrow(/not started/);
  });

  it('lets instances that start at the same moment create the same queues without a deadlock', async () => {
    // pg-boss's create_queue deadlocks against itself when two processes make the same queues at
    // once; each round is a fresh database, where every queue is still to be made.
    for (let round = 0; round < 3; round++) {
      const fresh = `${name}_start_${round}`;
      await admin(`create database ${fresh}`);
      const freshUrl = Object.assign(new URL(base), { pathname: `/${fresh}` }).toString();
      const starting = [0, 1, 2].map(() => {
        const queue = createJobQueue(freshUrl, logger);
        for (let q = 0; q < 8; q++) queue.define(`queue-${q}`, async () => undefined, q === 0 ? { cron: '0 3 * * *' } : {});
        return queue;
      });
      try {
        await Promise.all(starting.map((queue) => queue.start()));
      } finally {
        for (const queue of starting) await queue.stop();
        await admin(`drop database if exists ${fresh} with (force)`);
      }
    }
  }, 120_000);
});
