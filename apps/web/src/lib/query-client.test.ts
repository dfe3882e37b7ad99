import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, QUERY_DEFAULTS } from './query-client';

// The data cache's defaults: 3 retries, exponential back-off capped at 30 s, 5-minute cache.
describe('createQueryClient defaults', () => {
  const queries = createQueryClient().getDefaultOptions().queries ?? {};

  it('keeps data 5 minutes (gcTime 300000 ms)', () => {
    expect(QUERY_DEFAULTS.gcTimeMs).toBe(300_000);
    expect(queries.gcTime).toBe(5 * 60 * 1000);
  });

  it('retries a failing query 3 times', () => {
    const { retry } = queries;
    if (typeof retry !== 'function') throw new Error('retry should be a function');
    const failure = new Error('boom');
    expect([0, 1, 2, 3, 4].map((count) => retry(count, failure))).toEqual([true, true, true, false, false]);
    expect(retry(0, new ApiError(502, 'SERVER_ERROR', 'Bad gateway', 'r'))).toBe(true);
    expect(retry(0, new ApiError(404, 'NOT_FOUND', 'Not found', 'r'))).toBe(false);
    expect(retry(0, new ApiError(503, 'MAINTENANCE', 'Down for maintenance', 'r'))).toBe(false);
  });

  it("retries the user's own read still running, and the busy database; never a read stopped by its timeout", () => {
    const { retry } = queries;
    if (typeof retry !== 'function') throw new Error('retry should be a function');
    const inProgress = new ApiError(429, 'READ_IN_PROGRESS', 'Your previous request for this is still running.', 'r', 1);
    expect([0, 1, 2, 3].map((count) => retry(count, inProgress))).toEqual([true, true, true, false]);
    expect(retry(0, new ApiError(503, 'DATABASE_BUSY', 'The server is busy right now.', 'r', 2))).toBe(true);
    expect(retry(0, new ApiError(503, 'QUERY_TIMEOUT', 'This took too long.', 'r', 5))).toBe(false);
    expect(retry(0, new ApiError(429, 'RATE_LIMITED', 'Too many requests', 'r', 60))).toBe(false);
  });

  it('backs off exponentially, capped at 30 s', () => {
    const { retryDelay } = queries;
    if (typeof retryDelay !== 'function') throw new Error('retryDelay should be a function');
    const failure = new Error('boom');
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((attempt) => retryDelay(attempt, failure))).toEqual([1000, 2000, 4000, 8000, 16000, 30_000, 30_000, 30_000]);
  });
});
