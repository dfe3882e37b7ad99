import { sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import type { Db, DbTx } from './client';

/** How a read that may scan a whole company is bounded. */
export type ReadLimits = {
  /** Each statement of the read is stopped after this many milliseconds (503 QUERY_TIMEOUT). */
  timeoutMs: number;
  /**
   * The kind of read and who makes it (`analytics:<user id>`): while one read under this key runs,
   * on any instance, another is refused with 429 READ_IN_PROGRESS.
   */
  oneAtATime: string;
};

/** Seconds the refused caller is asked to wait: about one view's time. */
const IN_PROGRESS_RETRY_AFTER_SECONDS = 1;

/**
 * Runs a read that may scan a whole company (analytics, CSV exports) in one read-only transaction on
 * one snapshot, so its figures agree with each other. `SET LOCAL statement_timeout` bounds each of
 * its statements (a stopped one answers 503, database-errors.ts) and ends with the transaction, so
 * the pooled connection goes back as it came. The read first takes a transaction-level advisory
 * lock on its key without waiting: a second read of the same user and kind is refused at once
 * instead of holding a second connection, and the lock goes with the commit or the rollback.
 */
export function withStatementTimeout<T>(db: Db, limits: ReadLimits, work: (tx: DbTx) => Promise<T>): Promise<T> {
  return db.transaction(
    async (tx) => {
      const result = await tx.execute<{ free: boolean }>(sql`select set_config('statement_timeout', ${String(limits.timeoutMs)}, true),
        pg_try_advisory_xact_lock(hashtextextended(${`read:${limits.oneAtATime}`}, 0)) as free`);
      if (result.rows[0]?.free !== true) throw new AppError('READ_IN_PROGRESS', undefined, { 'Retry-After': String(IN_PROGRESS_RETRY_AFTER_SECONDS) });
      return work(tx);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
