// Client-side rate limits: auth_login 5 per 15 min, then blocked 30 min;
// api_general 100 per minute; file_upload a token bucket of 5 refilling 0.1 per second;
// sensitive_ops 10 per hour; form_submit 20 per minute. Expired entries are dropped every 60 s.

type WindowRule = { kind: 'window'; max: number; windowMs: number; blockMs: number };
type BucketRule = { kind: 'bucket'; capacity: number; refillPerSecond: number };

export const RATE_LIMITS = {
  auth_login: { kind: 'window', max: 5, windowMs: 15 * 60_000, blockMs: 30 * 60_000 },
  api_general: { kind: 'window', max: 100, windowMs: 60_000, blockMs: 0 },
  file_upload: { kind: 'bucket', capacity: 5, refillPerSecond: 0.1 },
  sensitive_ops: { kind: 'window', max: 10, windowMs: 60 * 60_000, blockMs: 0 },
  form_submit: { kind: 'window', max: 20, windowMs: 60_000, blockMs: 0 },
} as const satisfies Record<string, WindowRule | BucketRule>;

export const RATE_LIMIT_CLEANUP_MS = 60_000;

export type RateLimitKind = keyof typeof RATE_LIMITS;

/** resetTime: epoch ms when the limit frees up; retryAfter: seconds to wait (0 when allowed). */
export type RateLimitResult = { allowed: boolean; remaining: number; resetTime: number; retryAfter: number };

type WindowState = { kind: 'window'; count: number; windowStart: number; blockedUntil: number };
type BucketState = { kind: 'bucket'; tokens: number; lastRefill: number };

export type RateLimiter = {
  /** Counts one attempt of `kind` for `key` (a user, an email, an endpoint) and says whether it may go ahead. */
  check(kind: RateLimitKind, key: string): RateLimitResult;
  /** Forgets one key, a whole kind, or everything. */
  reset(kind?: RateLimitKind, key?: string): void;
  /** Drops entries whose window, block or refill is over. */
  cleanup(): void;
  /** Starts the 60 s cleanup timer (once); returns the stop function. */
  startCleanup(): () => void;
  stop(): void;
  /** Entries tracked now. */
  readonly size: number;
};

const secondsUntil = (at: number, now: number) => Math.max(0, Math.ceil((at - now) / 1000));
const round = (n: number) => Math.round(n * 1e9) / 1e9;

export function createRateLimiter(options: { now?: () => number; autoCleanup?: boolean } = {}): RateLimiter {
  const now = options.now ?? Date.now;
  const autoCleanup = options.autoCleanup ?? true;
  const entries = new Map<string, WindowState | BucketState>();
  let timer: ReturnType<typeof setInterval> | null = null;

  function checkWindow(rule: WindowRule, id: string, at: number): RateLimitResult {
    const previous = entries.get(id);
    let state = previous?.kind === 'window' ? previous : null;
    if (state && state.blockedUntil > at) {
      return { allowed: false, remaining: 0, resetTime: state.blockedUntil, retryAfter: secondsUntil(state.blockedUntil, at) };
    }
    if (!state || at >= state.windowStart + rule.windowMs || state.blockedUntil > 0) {
      state = { kind: 'window', count: 0, windowStart: at, blockedUntil: 0 };
      entries.set(id, state);
    }
    const windowEnd = state.windowStart + rule.windowMs;
    if (state.count < rule.max) {
      state.count += 1;
      return { allowed: true, remaining: rule.max - state.count, resetTime: windowEnd, retryAfter: 0 };
    }
    if (rule.blockMs > 0) {
      state.blockedUntil = at + rule.blockMs;
      return { allowed: false, remaining: 0, resetTime: state.blockedUntil, retryAfter: secondsUntil(state.blockedUntil, at) };
    }
    return { allowed: false, remaining: 0, resetTime: windowEnd, retryAfter: secondsUntil(windowEnd, at) };
  }

  function refill(rule: BucketRule, state: BucketState, at: number): void {
    const elapsed = Math.max(0, at - state.lastRefill) / 1000;
    state.tokens = round(Math.min(rule.capacity, state.tokens + elapsed * rule.refillPerSecond));
    state.lastRefill = at;
  }

  function checkBucket(rule: BucketRule, id: string, at: number): RateLimitResult {
    const previous = entries.get(id);
    let state = previous?.kind === 'bucket' ? previous : null;
    if (!state) {
      state = { kind: 'bucket', tokens: rule.capacity, lastRefill: at };
      entries.set(id, state);
    }
    refill(rule, state, at);
    if (state.tokens >= 1) {
      state.tokens = round(state.tokens - 1);
      const fullAt = at + Math.ceil(((rule.capacity - state.tokens) / rule.refillPerSecond) * 1000);
      return { allowed: true, remaining: Math.floor(state.tokens), resetTime: fullAt, retryAfter: 0 };
    }
    const nextTokenAt = at + Math.ceil(((1 - state.tokens) / rule.refillPerSecond) * 1000);
    return { allowed: false, remaining: 0, resetTime: nextTokenAt, retryAfter: secondsUntil(nextTokenAt, at) };
  }

  function isExpired(id: string, state: WindowState | BucketState, at: number): boolean {
    const kind = id.slice(0, id.indexOf(':')) as RateLimitKind;
    const rule: WindowRule | BucketRule | undefined = RATE_LIMITS[kind];
    if (!rule) return true;
    if (state.kind === 'window' && rule.kind === 'window') return state.blockedUntil <= at && at >= state.windowStart + rule.windowMs;
    if (state.kind === 'bucket' && rule.kind === 'bucket') {
      refill(rule, state, at);
      return state.tokens >= rule.capacity;
    }
    return true;
  }

  function cleanup(): void {
    const at = now();
    for (const [id, state] of entries) if (isExpired(id, state, at)) entries.delete(id);
  }

  function stop(): void {
    if (timer !== null) clearInterval(timer);
    timer = null;
  }

  function startCleanup(): () => void {
    if (timer === null) timer = setInterval(cleanup, RATE_LIMIT_CLEANUP_MS);
    return stop;
  }

  return {
    check(kind, key) {
      if (autoCleanup) startCleanup();
      const rule: WindowRule | BucketRule = RATE_LIMITS[kind];
      const id = `${kind}:${key}`;
      const at = now();
      return rule.kind === 'window' ? checkWindow(rule, id, at) : checkBucket(rule, id, at);
    },
    reset(kind, key) {
      if (!kind) entries.clear();
      else if (key !== undefined) entries.delete(`${kind}:${key}`);
      else for (const id of [...entries.keys()]) if (id.startsWith(`${kind}:`)) entries.delete(id);
    },
    cleanup,
    startCleanup,
    stop,
    get size() {
      return entries.size;
    },
  };
}

/** The app's limiter; its cleanup timer starts with the first check. */
export const rateLimiter = createRateLimiter();

/** 'Too many requests. Please wait 42 seconds and try again.' */
export function rateLimitMessage(retryAfterSeconds: number): string {
  const n = Math.max(1, retryAfterSeconds);
  return `Too many requests. Please wait ${n} second${n === 1 ? '' : 's'} and try again.`;
}
