import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, json, sent } from '../test/fake-server';
import { createRateLimiter, RATE_LIMIT_CLEANUP_MS, RATE_LIMITS, rateLimitMessage, type RateLimiter } from './rate-limiter';

const T0 = Date.UTC(2026, 2, 1, 9, 0, 0);
let limiter: RateLimiter;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
  limiter = createRateLimiter();
});
afterEach(() => {
  limiter.stop();
  vi.useRealTimers();
});

/** Calls `check` n times and returns the results. */
const times = (n: number, run: () => ReturnType<RateLimiter['check']>) => Array.from({ length: n }, run);

describe('rate limiter', () => {
  it('has the product limits', () => {
    expect(RATE_LIMITS).toEqual({
      auth_login: { kind: 'window', max: 5, windowMs: 900_000, blockMs: 1_800_000 },
      api_general: { kind: 'window', max: 100, windowMs: 60_000, blockMs: 0 },
      file_upload: { kind: 'bucket', capacity: 5, refillPerSecond: 0.1 },
      sensitive_ops: { kind: 'window', max: 10, windowMs: 3_600_000, blockMs: 0 },
      form_submit: { kind: 'window', max: 20, windowMs: 60_000, blockMs: 0 },
    });
    expect(RATE_LIMIT_CLEANUP_MS).toBe(60_000);
  });

  it('returns exactly { allowed, remaining, resetTime, retryAfter }', () => {
    expect(limiter.check('form_submit', 'k')).toStrictEqual({ allowed: true, remaining: 19, resetTime: T0 + 60_000, retryAfter: 0 });
  });

  it('auth_login: 5 per 15 minutes, then blocked for 30 minutes', () => {
    const allowed = times(5, () => limiter.check('auth_login', 'alice@example.com'));
    expect(allowed.map((r) => [r.allowed, r.remaining, r.retryAfter])).toEqual([
      [true, 4, 0],
      [true, 3, 0],
      [true, 2, 0],
      [true, 1, 0],
      [true, 0, 0],
    ]);
    expect(allowed[4]?.resetTime).toBe(T0 + 15 * 60_000);

    vi.advanceTimersByTime(60_000);
    const blocked = limiter.check('auth_login', 'alice@example.com');
    expect(blocked).toEqual({ allowed: false, remaining: 0, resetTime: T0 + 60_000 + 30 * 60_000, retryAfter: 1800 });
    expect(limiter.check('auth_login', 'bob@example.com').allowed).toBe(true);

    // Still blocked after the 15-minute window would have ended.
    vi.advanceTimersByTime(20 * 60_000);
    expect(limiter.check('auth_login', 'alice@example.com')).toEqual({ allowed: false, remaining: 0, resetTime: T0 + 31 * 60_000, retryAfter: 600 });
    vi.advanceTimersByTime(10 * 60_000);
    expect(limiter.check('auth_login', 'alice@example.com')).toEqual({ allowed: true, remaining: 4, resetTime: T0 + 31 * 60_000 + 15 * 60_000, retryAfter: 0 });
  });

  it('auth_login: 5 attempts spread inside 15 minutes are all counted; a new window starts after', () => {
    times(5, () => {
      vi.advanceTimersByTime(60_000);
      return limiter.check('auth_login', 'k');
    });
    vi.advanceTimersByTime(11 * 60_000); // 15 minutes after the first attempt (made at 1 min)
    expect(limiter.check('auth_login', 'k').allowed).toBe(true);
  });

  it('api_general: 100 per minute, then refused until the minute is over', () => {
    const results = times(100, () => limiter.check('api_general', 'GET /api/projects'));
    expect(results.every((r) => r.allowed)).toBe(true);
    expect(results[99]?.remaining).toBe(0);
    vi.advanceTimersByTime(15_000);
    expect(limiter.check('api_general', 'GET /api/projects')).toEqual({ allowed: false, remaining: 0, resetTime: T0 + 60_000, retryAfter: 45 });
    expect(limiter.check('api_general', 'GET /api/profile').allowed).toBe(true);
    vi.advanceTimersByTime(45_000);
    expect(limiter.check('api_general', 'GET /api/projects')).toEqual({ allowed: true, remaining: 99, resetTime: T0 + 120_000, retryAfter: 0 });
  });

  it('file_upload: a token bucket of 5 refilling 0.1 token per second', () => {
    const burst = times(5, () => limiter.check('file_upload', 'u1'));
    expect(burst.map((r) => [r.allowed, r.remaining])).toEqual([
      [true, 4],
      [true, 3],
      [true, 2],
      [true, 1],
      [true, 0],
    ]);
    expect(burst[4]?.resetTime).toBe(T0 + 50_000); // full again after 50 s
    expect(limiter.check('file_upload', 'u1')).toEqual({ allowed: false, remaining: 0, resetTime: T0 + 10_000, retryAfter: 10 });

    vi.advanceTimersByTime(4_000);
    expect(limiter.check('file_upload', 'u1')).toEqual({ allowed: false, remaining: 0, resetTime: T0 + 10_000, retryAfter: 6 });
    vi.advanceTimersByTime(6_000);
    expect(limiter.check('file_upload', 'u1').allowed).toBe(true);
    expect(limiter.check('file_upload', 'u1').allowed).toBe(false);

    vi.advanceTimersByTime(20_000);
    expect(times(2, () => limiter.check('file_upload', 'u1')).map((r) => r.allowed)).toEqual([true, true]);
    expect(limiter.check('file_upload', 'u1').allowed).toBe(false);

    // Never more than 5 tokens, however long it waits.
    vi.advanceTimersByTime(60 * 60_000);
    expect(times(6, () => limiter.check('file_upload', 'u1')).map((r) => r.allowed)).toEqual([true, true, true, true, true, false]);
  });

  it('sensitive_ops: 10 per hour', () => {
    expect(times(10, () => limiter.check('sensitive_ops', 'u1')).every((r) => r.allowed)).toBe(true);
    vi.advanceTimersByTime(30 * 60_000);
    expect(limiter.check('sensitive_ops', 'u1')).toEqual({ allowed: false, remaining: 0, resetTime: T0 + 3_600_000, retryAfter: 1800 });
    vi.advanceTimersByTime(30 * 60_000);
    expect(limiter.check('sensitive_ops', 'u1').allowed).toBe(true);
  });

  it('form_submit: 20 per minute', () => {
    expect(times(20, () => limiter.check('form_submit', 'feedback')).every((r) => r.allowed)).toBe(true);
    expect(limiter.check('form_submit', 'feedback')).toEqual({ allowed: false, remaining: 0, resetTime: T0 + 60_000, retryAfter: 60 });
    vi.advanceTimersByTime(60_000);
    expect(limiter.check('form_submit', 'feedback').remaining).toBe(19);
  });

  it('drops expired entries every 60 s, and stops when told', () => {
    limiter.check('form_submit', 'a');
    limiter.check('auth_login', 'b');
    limiter.check('file_upload', 'c');
    times(6, () => limiter.check('auth_login', 'blocked'));
    expect(limiter.size).toBe(4);

    vi.advanceTimersByTime(60_000); // form_submit window over; file_upload refilled after 10 s
    expect(limiter.size).toBe(2);
    vi.advanceTimersByTime(14 * 60_000); // auth_login 'b' window over; 'blocked' still blocked
    expect(limiter.size).toBe(1);
    vi.advanceTimersByTime(16 * 60_000);
    expect(limiter.size).toBe(0);

    limiter.check('form_submit', 'a');
    limiter.stop();
    vi.advanceTimersByTime(5 * 60_000);
    expect(limiter.size).toBe(1);
    limiter.cleanup();
    expect(limiter.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('startCleanup runs one timer and returns the stop function; reset forgets keys', () => {
    const manual = createRateLimiter({ autoCleanup: false });
    manual.check('form_submit', 'x');
    expect(vi.getTimerCount()).toBe(0);
    const stop = manual.startCleanup();
    manual.startCleanup();
    expect(vi.getTimerCount()).toBe(1);
    stop();
    expect(vi.getTimerCount()).toBe(0);

    manual.check('form_submit', 'y');
    manual.check('api_general', 'z');
    manual.reset('form_submit');
    expect(manual.size).toBe(1);
    manual.reset();
    expect(manual.size).toBe(0);
  });

  it('words the refusal message', () => {
    expect(rateLimitMessage(42)).toBe('Too many requests. Please wait 42 seconds and try again.');
    expect(rateLimitMessage(1)).toBe('Too many requests. Please wait 1 second and try again.');
  });
});

describe('api client and api_general', () => {
  afterEach(() => {
    vi.resetModules();
  });

  it('lets 100 calls through in a minute; the 101st throws ApiError 429 RATE_LIMITED without a request', async () => {
    vi.resetModules();
    answer('GET /api/projects', json({ ok: true }));
    answer('GET /api/profile', json({ ok: true }));
    const { api, ApiError } = await import('./api-client');
    const { rateLimiter } = await import('./rate-limiter');

    await Promise.all(Array.from({ length: 100 }, () => api.get('/api/projects?page=1')));
    expect(sent()).toHaveLength(100);

    vi.advanceTimersByTime(20_000);
    const refused = await api.get('/api/projects?page=2').catch((e: unknown) => e);
    expect(sent()).toHaveLength(100);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 429, code: 'RATE_LIMITED', message: 'Too many requests. Please wait 40 seconds and try again.', retryAfter: 40 });

    // Other endpoints are counted apart; the refused one works again after the minute.
    await api.get('/api/profile');
    expect(sent()).toHaveLength(101);
    expect(sent('GET /api/profile')).toHaveLength(1);
    vi.advanceTimersByTime(40_000);
    await api.get('/api/projects');
    expect(sent()).toHaveLength(102);
    expect(sent().at(-1)?.path).toBe('/api/projects');
    rateLimiter.stop();
  });
});
