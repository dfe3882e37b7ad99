import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, runMigrations, type Database } from '../db/client';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { createLogger } from '../../lib/logger';
import { createRateLimitStore, leaseSize, MAX_LEASE, type RateLimitStore } from './rate-limit-store';
import { sql } from 'drizzle-orm';

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

  describe('take: a busy limiter counted in leases', () => {
    const sharedCount = async (key: string) => {
      const rows = await database.db.execute<{ count: number }>(sql`select count from rate_limits where key = ${key}`);
      return rows.rows[0]?.count ?? 0;
    };

    it('sizes a lease at an eighth of the limit, between 1 and the most', () => {
      expect([3, 8, 30, 600, 100_000].map(leaseSize)).toEqual([1, 1, 3, MAX_LEASE, MAX_LEASE]);
    });

    it('counts a small limit event by event, like hit', async () => {
      const rule = { limit: 3, windowMs: 60_000 };
      const results = [];
      for (let i = 0; i < 4; i++) results.push(await store.take('take-small', rule));
      expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
      expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
      expect(results[3]?.retryAfter).toBeGreaterThan(0);
      expect(await sharedCount('take-small')).toBe(3);
    });

    it('takes the shared count a lease at a time, and allows exactly the limit', async () => {
      const rule = { limit: 160, windowMs: 60_000 };
      const results = [await store.take('take-busy', rule)];
      // The first event took a lease of 16 from the shared count; the next 15 come from memory.
      expect(await sharedCount('take-busy')).toBe(16);
      for (let i = 0; i < 15; i++) results.push(await store.take('take-busy', rule));
      expect(await sharedCount('take-busy')).toBe(16);
      for (let i = 0; i < 154; i++) results.push(await store.take('take-busy', rule));
      expect(results.filter((r) => r.allowed)).toHaveLength(160);
      expect(results.slice(160).every((r) => !r.allowed && r.retryAfter > 0)).toBe(true);
      expect(await sharedCount('take-busy')).toBe(160);
      expect(results.map((r) => r.remaining).slice(0, 3)).toEqual([159, 158, 157]);
    });

    it('holds the limit across instances: of 300 at once on three stores, exactly 100 are allowed', async () => {
      const rule = { limit: 100, windowMs: 60_000 };
      const stores = [store, createRateLimitStore(database.db), createRateLimitStore(database.db)];
      // A key of its own per attempt, so a retry starts from an empty count.
      const key = `take-shared-${Math.random().toString(36).slice(2)}`;
      const results = await Promise.all(Array.from({ length: 300 }, (_, i) => (stores[i % 3] ?? store).take(key, rule)));
      // Leases left unspent on one instance may refuse a little early elsewhere, never late; here every
      // instance has more events than the limit, so none is left unspent.
      const allowed = results.filter((r) => r.allowed).length;
      expect(allowed).toBeLessThanOrEqual(100);
      expect(allowed).toBeGreaterThanOrEqual(100 - 2 * leaseSize(100));
      expect(await sharedCount(key)).toBeLessThanOrEqual(100);
    });

    it('spends every lease on the events waiting for it: a slow database loses no event of the limit', async () => {
      // Each statement answers after a random wait, so most events wait for an ask in flight; every
      // lease it brings is spent on them (none replaced by another ask, none left while events were refused).
      const slow = new Proxy(database.db, {
        get(target, property, receiver) {
          if (property !== 'execute') return Reflect.get(target, property, receiver) as unknown;
          return async (...args: Parameters<typeof target.execute>) => {
            await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 40));
            return target.execute(...args);
          };
        },
      });
      const key = `take-slow-${Math.random().toString(36).slice(2)}`;
      const rule = { limit: 100, windowMs: 60_000 };
      const one = createRateLimitStore(slow);
      const results = await Promise.all(Array.from({ length: 300 }, () => one.take(key, rule)));
      expect(results.filter((r) => r.allowed).length).toBe(100);
      expect(await sharedCount(key)).toBe(100);
    });

    it('starts a new window once the old one has passed, on every instance', async () => {
      const rule = { limit: 2, windowMs: 400 };
      const other = createRateLimitStore(database.db);
      expect((await store.take('take-window', rule)).allowed).toBe(true);
      expect((await other.take('take-window', rule)).allowed).toBe(true);
      expect((await store.take('take-window', rule)).allowed).toBe(false);
      await expect.poll(async () => (await other.take('take-window', rule)).allowed, { timeout: 5000, interval: 50 }).toBe(true);
      expect((await store.take('take-window', rule)).allowed).toBe(true);
    });
  });
});
