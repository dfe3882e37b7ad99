import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** A limiter's answer, the same shape on server and client. resetTime is epoch ms; retryAfter is seconds (0 when allowed). */
export type RateLimitResult = { allowed: boolean; remaining: number; resetTime: number; retryAfter: number };

export type RateRule = { limit: number; windowMs: number; blockMs?: number };

// Raw rows: drizzle's pg driver hands timestamps back as strings.
type Row = { count: number; window_start: string | Date; blocked_until: string | Date | null };
type LeaseRow = { count: number; window_start: string | Date; granted: number };

/** The most events one instance takes from a key's shared budget in one statement. */
export const MAX_LEASE = 16;
/**
 * How many events an instance asks for at once: one eighth of the limit, between 1 and MAX_LEASE.
 * A limit under 16 is counted event by event, exactly as `hit` does.
 */
export const leaseSize = (limit: number): number => Math.max(1, Math.min(MAX_LEASE, Math.floor(limit / 8)));

/** Leases an instance still holds: the events it may allow before asking the database again. */
type Lease = { tokens: number; windowEnd: number; shared: number };
/** Past this many keys, leases whose window has ended are forgotten. */
const LEASES_KEPT = 10_000;

const ms = (value: string | Date | null): number => (value === null ? 0 : new Date(value).getTime());

// Counters live in PostgreSQL so every API instance behind a load balancer shares them.
/** A fixed-window counter per key, with an optional block once failures reach the limit. */
export function createRateLimitStore(db: Db) {
  const leases = new Map<string, Lease>();
  const pending = new Map<string, Promise<void>>();

  /** One event from the lease this instance holds, a refusal while the budget is spent, or null to ask the database. */
  function takeHeld(key: string, now: number): RateLimitResult | null {
    const held = leases.get(key);
    if (!held || held.windowEnd <= now) return null;
    if (held.tokens > 0) {
      held.tokens -= 1;
      return { allowed: true, remaining: held.shared + held.tokens, resetTime: held.windowEnd, retryAfter: 0 };
    }
    if (held.shared === 0)
      return { allowed: false, remaining: 0, resetTime: held.windowEnd, retryAfter: Math.max(1, Math.ceil((held.windowEnd - now) / 1000)) };
    return null;
  }

  /** Takes a lease from the key's shared count in one statement; the caller's event is the lease's first. */
  async function askForLease(key: string, rule: RateRule): Promise<RateLimitResult> {
    const want = Math.min(leaseSize(rule.limit), rule.limit);
    const windowSeconds = rule.windowMs / 1000;
    const rows = await db.execute<LeaseRow>(sql`
      insert into rate_limits as r (key, count, window_start, granted) values (${key}, ${want}, now(), ${want})
      on conflict (key) do update set
        granted = case
          when r.window_start <= now() - make_interval(secs => ${windowSeconds}) then ${want}
          else least(${want}, greatest(${rule.limit} - r.count, 0)) end,
        count = case
          when r.window_start <= now() - make_interval(secs => ${windowSeconds}) then ${want}
          else r.count + least(${want}, greatest(${rule.limit} - r.count, 0)) end,
        window_start = case
          when r.window_start <= now() - make_interval(secs => ${windowSeconds}) then now()
          else r.window_start end
      returning count, window_start, granted`);
    const row = rows.rows[0];
    const now = Date.now();
    const windowEnd = row ? ms(row.window_start) + rule.windowMs : now + rule.windowMs;
    const granted = row ? row.granted : want;
    const shared = Math.max(0, rule.limit - (row ? row.count : want));
    if (leases.size >= LEASES_KEPT) for (const [known, lease] of leases) if (lease.windowEnd <= now) leases.delete(known);
    // Should two asks of one key ever overlap, their leases of one window add up, never replace each
    // other (a replaced lease's tokens would be lost to every instance).
    const held = leases.get(key);
    const kept = held && held.windowEnd === windowEnd ? held.tokens : 0;
    leases.set(key, {
      tokens: kept + Math.max(0, granted - 1),
      windowEnd,
      shared: held && held.windowEnd === windowEnd ? Math.min(held.shared, shared) : shared,
    });
    if (granted > 0) return { allowed: true, remaining: shared + granted - 1, resetTime: windowEnd, retryAfter: 0 };
    return { allowed: false, remaining: 0, resetTime: windowEnd, retryAfter: Math.max(1, Math.ceil((windowEnd - now) / 1000)) };
  }
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

    /**
     * Counts one event of a busy limiter (writes, chat messages, photo uploads) without a statement per
     * event. The instance takes a lease of `leaseSize(limit)` events from the key's shared count in one
     * statement and allows events from it in memory until it is spent or the window ends; the shared
     * count never grows past the limit, so all instances together allow at most `limit` events per
     * window. A lease left unspent when its window ends is simply lost, so with several instances a
     * key can be refused up to (instances - 1) x leaseSize events early, never late. A refused key is
     * refused from memory until its window ends (a flood costs no statements). Not for attempts that
     * are blocked or refunded: those use `hit`.
     */
    async take(key: string, rule: RateRule): Promise<RateLimitResult> {
      // Events that arrive while this instance is already asking for the key wait for that answer
      // and then try the lease it brought, instead of asking beside it: one ask per key at a time, so
      // no lease is replaced or left unspent while events of this instance were refused. Each round
      // either serves events from a lease or ends in a refusal from memory, so the wait ends.
      for (;;) {
        const fromMemory = takeHeld(key, Date.now());
        if (fromMemory) return fromMemory;
        const inFlight = pending.get(key);
        if (!inFlight) break;
        await inFlight;
      }
      const asking = askForLease(key, rule);
      const marker = asking.then(
        () => undefined,
        () => undefined,
      );
      pending.set(key, marker);
      try {
        return await asking;
      } finally {
        // Only this ask's own mark: a later ask beside it keeps its own.
        if (pending.get(key) === marker) pending.delete(key);
      }
    },

    /** Forgets a key (after a successful sign-in). */
    async reset(key: string): Promise<void> {
      leases.delete(key);
      await db.execute(sql`delete from rate_limits where key = ${key}`);
    },
  };
}

export type RateLimitStore = ReturnType<typeof createRateLimitStore>;
