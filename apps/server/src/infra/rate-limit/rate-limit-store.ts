import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** A limiter's answer, the same shape on server and client. resetTime is epoch ms; retryAfter is seconds (0 when allowed). */
export type RateLimitResult = { allowed: boolean; remaining: number; resetTime: number; retryAfter: number };

export type RateRule = { limit: number; windowMs: number; blockMs?: number };

// Raw rows: drizzle's pg driver hands timestamps back as strings.
type Row = { count: number; window_start: string | Date; blocked_until: string | Date | null };

const ms = (value: string | Date | null): number => (value === null ? 0 : new Date(value).getTime());

// Counters live in PostgreSQL so every API instance behind a load balancer shares them.
/** A fixed-window counter per key, with an optional block once failures reach the limit. */
export function createRateLimitStore(db: Db) {
  function result(row: Row | undefined, rule: RateRule, now: number): RateLimitResult {
    if (!row) return { allowed: true, remaining: rule.limit, resetTime: now + rule.windowMs, retryAfter: 0 };
    const blockedUntil = ms(row.blocked_until);
    const windowEnd = ms(row.window_start) + rule.windowMs;
    if (blockedUntil > now) {
      return { allowed: false, remaining: 0, resetTime: blockedUntil, retryAfter: Math.ceil((blockedUntil - now) / 1000) };
    }
    if (windowEnd <= now) return { allowed: true, remaining: rule.limit, resetTime: now + rule.windowMs, retryAfter: 0 };
    const remaining = Math.max(0, rule.limit - row.count);
    const allowed = remaining > 0 || rule.blockMs !== undefined;
    return { allowed, remaining, resetTime: windowEnd, retryAfter: allowed ? 0 : Math.ceil((windowEnd - now) / 1000) };
  }

  return {
    /** Reads the state of a key without counting. */
    async peek(key: string, rule: RateRule): Promise<RateLimitResult> {
      const rows = await db.execute<Row>(sql`select count, window_start, blocked_until from rate_limits where key = ${key}`);
      return result(rows.rows[0], rule, Date.now());
    },
    /**
     * Counts one event for the key, in one statement, so events in flight together are counted one
     * by one: allowed while the key is not blocked and the count is within the limit (the limit-th
     * included). A blocked key is refused without counting. For attempts that can fail, pair it with
     * `block` once the attempt failed and `refund` once it succeeded.
     */
    async hit(key: string, rule: RateRule): Promise<RateLimitResult> {
      const windowSeconds = rule.windowMs / 1000;
      const rows = await db.execute<Row>(sql`
        insert into rate_limits as r (key, count, window_start) values (${key}, 1, now())
        on conflict (key) do update set
          count = case
            when r.blocked_until > now() then r.count
            when r.blocked_until is not null or r.window_start <= now() - make_interval(secs => ${windowSeconds}) then 1
            else r.count + 1 end,
          window_start = case
            when r.blocked_until > now() then r.window_start
            when r.blocked_until is not null or r.window_start <= now() - make_interval(secs => ${windowSeconds}) then now()
            else r.window_start end,
          blocked_until = case when r.blocked_until > now() then r.blocked_until else null end
        returning count, window_start, blocked_until`);
      const row = rows.rows[0];
      const now = Date.now();
      if (!row) return { allowed: true, remaining: rule.limit - 1, resetTime: now + rule.windowMs, retryAfter: 0 };
      const blockedUntil = ms(row.blocked_until);
      if (blockedUntil > now) return { allowed: false, remaining: 0, resetTime: blockedUntil, retryAfter: Math.ceil((blockedUntil - now) / 1000) };
      const windowEnd = ms(row.window_start) + rule.windowMs;
      const allowed = row.count <= rule.limit;
      return { allowed, remaining: Math.max(0, rule.limit - row.count), resetTime: windowEnd, retryAfter: allowed ? 0 : Math.ceil((windowEnd - now) / 1000) };
    },

    /** Blocks the key for the rule's blockMs once its count has reached the limit (after a failed attempt). */
    async block(key: string, rule: RateRule): Promise<void> {
      if (rule.blockMs === undefined) return;
      await db.execute(sql`
        update rate_limits set blocked_until = now() + make_interval(secs => ${rule.blockMs / 1000})
        where key = ${key} and count >= ${rule.limit} and (blocked_until is null or blocked_until <= now())`);
    },

    /** Gives back one counted attempt (it succeeded, so it should not count against the key). */
    async refund(key: string): Promise<void> {
      await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
    },

    /** Forgets a key (after a successful sign-in). */
    async reset(key: string): Promise<void> {
      await db.execute(sql`delete from rate_limits where key = ${key}`);
    },
  };
}

export type RateLimitStore = ReturnType<typeof createRateLimitStore>;
