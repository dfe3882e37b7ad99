import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

// Data-cache defaults: 3 retries, exponential back-off capped at 30 s, 5-minute cache.
export const QUERY_DEFAULTS = { retries: 3, maxRetryDelayMs: 30_000, gcTimeMs: 5 * 60_000 } as const;

/** Back-off before retry number `attempt` (0-based): 1 s, 2 s, 4 s ... capped at 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, QUERY_DEFAULTS.maxRetryDelayMs);
}

/**
 * Client errors (4xx), maintenance (503) and a read stopped by its timeout (503 QUERY_TIMEOUT: asked
 * again, it would run as long) are answers, not failures: never retried. One 4xx is retried: the
 * user's own previous read of the kind still running (429 READ_IN_PROGRESS, a filter changed while
 * it loaded), which ends in a moment.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const answered =
    error instanceof ApiError &&
    error.code !== 'READ_IN_PROGRESS' &&
    ((error.status >= 400 && error.status < 500) || error.code === 'MAINTENANCE' || error.code === 'QUERY_TIMEOUT');
  return !answered && failureCount < QUERY_DEFAULTS.retries;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, gcTime: QUERY_DEFAULTS.gcTimeMs, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
