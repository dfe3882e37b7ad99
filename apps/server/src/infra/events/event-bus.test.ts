import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger';
import { createJobQueue, type JobQueue } from '../jobs/queue';
import { createEventBus, type EventBus } from './event-bus';
import type { EventPayload } from './events';

// The event bus on a real job queue (pg-boss on PostgreSQL): each subscriber of an event gets the
// payload in its own job, a failing one is retried on its own, and a payload of another shape never
// leaves the publisher.

const base = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const name = `rl_t_events_${Date.now().toString(36)}`;
const url = Object.assign(new URL(base), { pathname: `/${name}` }).toString();

async function admin(query: string) {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  await client.query(query);
  await client.end();
}

const received: { subscriber: string; payload: unknown }[] = [];
let flakyAttempts = 0;
let jobs: JobQueue;
let bus: EventBus;
const warnings: unknown[] = [];
/** The number of jobs in each statement the bus had the queue write. */
const batches: number[] = [];

beforeAll(async () => {
  await admin(`create database ${name}`);
  jobs = createJobQueue(url, createLogger('silent'));
  const counted: JobQueue = {
    ...jobs,
    sendMany: async (list) => {
      batches.push(list.length);
      await jobs.sendMany(list);
    },
  };
  bus = createEventBus(counted, { warn: (...args: unknown[]) => void warnings.push(args) });
  bus.subscribe('chat-message-posted', 'first', async (payload) => void received.push({ subscriber: 'first', payload }));
  bus.subscribe('chat-message-posted', 'flaky', async (payload) => {
    flakyAttempts += 1;
    if (flakyAttempts === 1) throw new Error('the first attempt fails');
    received.push({ subscriber: 'flaky', payload });
  });
  bus.subscribe('photo-thumbnails-ready', 'photos', async (payload) => void received.push({ subscriber: 'photos', payload }));
  // Before the queue starts nothing can be queued: the publisher is told, and the write it follows stands.
  expect(await bus.publish('photo-thumbnails-ready', { companyId: randomUUID(), photoId: randomUUID(), projectId: null, sessionId: null })).toBe(false);
  expect(warnings).toHaveLength(1);
  await jobs.start();
});

afterAll(async () => {
  await jobs.stop();
  await admin(`drop database if exists ${name} with (force)`);
});

async function until(check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not in time: ${JSON.stringify(received)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('event bus', () => {
  it("hands the payload to each of the event's subscribers in a job of its own, retries a failing one alone, and nothing to another event's", async () => {
    const payload: EventPayload<'chat-message-posted'> = { companyId: randomUUID(), conversationId: randomUUID(), messageId: randomUUID(), senderId: 'user-1' };
    expect(await bus.publish('chat-message-posted', payload)).toBe(true);
    await until(() => received.some((entry) => entry.subscriber === 'first'));
    await until(() => received.some((entry) => entry.subscriber === 'flaky'));
    expect(received.filter((entry) => entry.subscriber === 'first')).toEqual([{ subscriber: 'first', payload }]);
    expect(received.filter((entry) => entry.subscriber === 'flaky')).toEqual([{ subscriber: 'flaky', payload }]);
    expect(flakyAttempts).toBe(2);
    expect(received.filter((entry) => entry.subscriber === 'photos')).toEqual([]);
  });

  it('queues the events published together in one statement, and every one reaches its subscribers', async () => {
    const before = { batches: batches.length, received: received.length };
    const payloads = Array.from({ length: 30 }, (): EventPayload<'photo-thumbnails-ready'> => ({
      companyId: randomUUID(),
      photoId: randomUUID(),
      projectId: null,
      sessionId: null,
    }));
    expect(await Promise.all(payloads.map((payload) => bus.publish('photo-thumbnails-ready', payload)))).toEqual(payloads.map(() => true));
    expect(batches.slice(before.batches)).toEqual([30]);
    await until(() => received.length - before.received === 30);
    expect(received.slice(before.received).map((entry) => entry.payload)).toEqual(expect.arrayContaining(payloads));
  });

  it('refuses a payload of another shape before anything is queued', async () => {
    const before = received.length;
    await expect(
      bus.publish('chat-message-posted', { companyId: 'not-a-uuid', conversationId: randomUUID(), messageId: randomUUID(), senderId: 'u' }),
    ).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(received.length).toBe(before);
  });

  it('refuses a second subscriber of the same name, and a name that is not kebab-case', () => {
    expect(() => bus.subscribe('chat-message-posted', 'first', async () => undefined)).toThrow(/already subscribes/);
    expect(() => bus.subscribe('chat-message-posted', 'Not Kebab', async () => undefined)).toThrow(/kebab-case/);
  });
});
