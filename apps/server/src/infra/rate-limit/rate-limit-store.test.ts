import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, runMigrations, type Database } from '../db/client';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { createLogger } from '../../lib/logger';
import { createRateLimitStore, type RateLimitStore } from './rate-limit-store';

// The limiter on a real PostgreSQL: counters shared by every instance on the database.
let testDb: TestDatabase;
let database: Database;
let store: RateLimitStore;

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = openDatabase(testDb.url, createLogger('silent'), 4);
  await runMigrations(database);
  store = createRateLimitStore(database.db);
});
afterAll(async () => {
  await database.close();
  await testDb.drop();
});

describe('rate-limit store', () => {
  it('allows `limit` hits per window, then refuses with retryAfter', async () => {
    const rule = { limit: 3, windowMs: 60_000 };
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await store.hit('plain', rule));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
    const last = results[3];
    expect(last?.retryAfter).toBeGreaterThan(0);
    expect(last?.retryAfter).toBeLessThanOrEqual(60);
    expect(last?.resetTime).toBeGreaterThan(Date.now());
  });

  it('peeks without counting', async () => {
    const rule = { limit: 2, windowMs: 60_000 };
    expect(await store.peek('peek', rule)).toMatchObject({ allowed: true, remaining: 2, retryAfter: 0 });
    await store.hit('peek', rule);
    expect((await store.peek('peek', rule)).remaining).toBe(1);
    expect((await store.peek('peek', rule)).remaining).toBe(1);
  });

  it('blocks for blockMs once failures reach the limit', async () => {
    const rule = { limit: 2, windowMs: 60_000, blockMs: 30 * 60_000 };
    expect((await store.hit('block', rule)).allowed).toBe(true);
    expect((await store.hit('block', rule)).allowed).toBe(true);
    await store.block('block', rule);
    const second = await store.hit('block', rule);
    expect(second.allowed).toBe(false);
    const peek = await store.peek('block', rule);
    expect(peek.allowed).toBe(false);
    expect(peek.retryAfter).toBeGreaterThan(29 * 60);
    expect(peek.retryAfter).toBeLessThanOrEqual(30 * 60);
  });

  it('starts a new window once the old one has passed', async () => {
    const rule = { limit: 1, windowMs: 400 };
    const started = Date.now();
    expect((await store.hit('window', rule)).allowed).toBe(true);
    expect((await store.hit('window', rule)).allowed).toBe(false);
    // Poll instead of sleeping: the key opens again once the window has passed, and not before.
    await expect.poll(async () => (await store.peek('window', rule)).allowed, { timeout: 5000, interval: 25 }).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(rule.windowMs - 50);
    expect((await store.peek('window', rule)).allowed).toBe(true);
    expect((await store.hit('window', rule)).allowed).toBe(true);
  });

  it('forgets a key on reset', async () => {
    const rule = { limit: 1, windowMs: 60_000, blockMs: 60_000 };
    await store.hit('reset', rule);
    await store.block('reset', rule);
    expect((await store.peek('reset', rule)).allowed).toBe(false);
    await store.reset('reset');
    expect((await store.peek('reset', rule)).allowed).toBe(true);
  });

  it('shares counters between two stores (two API instances) and under concurrency', async () => {
    const other = createRateLimitStore(database.db);
    const rule = { limit: 10, windowMs: 60_000 };
    await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? store : other).hit('shared', rule)));
    expect((await other.peek('shared', rule)).remaining).toBe(4);
  });

  it('counts atomically: of 12 at once, exactly the limit are allowed', async () => {
    const rule = { limit: 3, windowMs: 60_000, blockMs: 60_000 };
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? store : createRateLimitStore(database.db)).hit('take', rule)));
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
  });

  it('blocks a key only once it failed at the limit, and refunds a success', async () => {
    const rule = { limit: 2, windowMs: 60_000, blockMs: 30 * 60_000 };
    expect((await store.hit('fail', rule)).allowed).toBe(true);
    await store.block('fail', rule);
    expect((await store.peek('fail', rule)).allowed).toBe(true);
    expect((await store.hit('fail', rule)).allowed).toBe(true);
    await store.refund('fail');
    expect((await store.hit('fail', rule)).allowed).toBe(true);
    await store.block('fail', rule);
    const blocked = await store.hit('fail', rule);
    expect(blocked.allowed).toBe(false);
    expect(blocked.retryAfter).toBeGreaterThan(29 * 60);
  });
});
