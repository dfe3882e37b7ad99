import { ApiError } from '../../lib/api-client';

// The one retry rule of the outboxes: which failures may pass (then the item is kept and tried again)
// and how long to wait before the next try (a backoff that doubles from 1 s up to 30 s). Any other
// refusal would be refused again: each outbox says what becomes of its item then.

/** The pause after the first failed try (ms). */
export const RETRY_FIRST_DELAY_MS = 1000;
/** Each later pause is this many times the one before. */
export const RETRY_GROWTH = 2;
/** The longest pause between two tries (ms). */
export const RETRY_MAX_DELAY_MS = 30_000;

/** The pause after `failures` failed tries in a row (1-based: 1 s, 2 s, 4 s, ... at most 30 s). */
export function retryDelayMs(failures: number): number {
  return Math.min(RETRY_MAX_DELAY_MS, RETRY_FIRST_DELAY_MS * RETRY_GROWTH ** Math.max(0, failures - 1));
}

/**
 * Whether a failed send may succeed later: no answer at all (no network, a timeout of the page's own,
 * anything that is not the server's answer), 408, 429, a server failure (5xx), a signed-out session
 * (401: the user signs in again) or a read-only company (402: billing puts it right).
 */
export function mayPass(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 401 || error.status === 402 || error.status === 408 || error.status === 429 || error.status >= 500;
}

/** A failure for want of a network: no answer from the server at all. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

/** The wait the server asked for with Retry-After (ms), 0 when it asked for none. */
export function serverRetryAfterMs(error: unknown): number {
  return error instanceof ApiError && error.retryAfter ? error.retryAfter * 1000 : 0;
}
