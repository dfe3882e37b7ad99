import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

// Data-cache defaults: 3 retries, exponential back-off capped at 30 s, 5-minute cache.
export const QUERY_DEFAULTS = { retries: 3, maxRetryDelayMs: 30_000, gcTimeMs: 5 * 60_000 } as const;

/** Back-off before retry number `attempt` (0-based): 1 s, 2 s, 4 s ... capped at 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, QUERY_DEFAULTS.maxRetryDelayMs);
}

/** Client errors (4xx) and maintenance (503) are answers, not failures: never retried. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && ((error.status >= 400 && error.status < 500) || error.code === 'MAINTENANCE')) return false;
  return failureCount < QUERY_DEFAULTS.retries;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, gcTime: QUERY_DEFAULTS.gcTimeMs, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
