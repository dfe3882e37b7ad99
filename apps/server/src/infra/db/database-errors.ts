import { AppError } from '../../lib/app-error';

// The database failures that are an answer, not a fault: the pool had no connection to give in time,
// or a statement ran past its timeout (statement-timeout.ts). Both are 503 with the one error shape
// and a Retry-After, never a 500.

/** PostgreSQL's query_canceled, which a statement stopped by its statement_timeout raises. */
const QUERY_CANCELED = '57014';

/**
 * pg-pool's words when connectionTimeoutMillis passes: no connection came free in time, or a new one
 * did not open in time. It gives them no code; the pool timeout test proves these are still its words.
 */
const POOL_TIMEOUT_MESSAGES = new Set(['timeout exceeded when trying to connect', 'Connection terminated due to connection timeout']);

/** Seconds a client is asked to wait before trying again. */
const RETRY_AFTER_SECONDS = { busy: 2, timeout: 5 } as const;

/** The AppError a database failure answers with (drizzle wraps the driver's error in `cause`), or null when it is a real fault. */
export function databaseAppError(error: unknown): AppError | null {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ((current as Error & { code?: unknown }).code === QUERY_CANCELED) {
      return new AppError('QUERY_TIMEOUT', undefined, { 'Retry-After': String(RETRY_AFTER_SECONDS.timeout) });
    }
    if (POOL_TIMEOUT_MESSAGES.has(current.message)) return new AppError('DATABASE_BUSY', undefined, { 'Retry-After': String(RETRY_AFTER_SECONDS.busy) });
  }
  return null;
}
