import { sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import type { Db, DbTx } from './client';

/** How a read that may scan a whole company is bounded. */
export type ReadLimits = {
  /** Each statement of the read is stopped after this many milliseconds (503 QUERY_TIMEOUT). */
  timeoutMs: number;
  /** The kind of read ('analytics', 'projects-csv'): the limits below count each kind on its own. */
  kind: string;
  /** Who reads: one read of the kind per user at a time. */
  userId: string;
  /** Whose data: at most COMPANY_READ_SLOTS reads of the kind per company at a time. */
  companyId: string;
};

/**
 * Reads of one kind one company may run at once, on all instances together: a company's expensive
 * reads take at most this many of the database's cores, whatever the number of its users, so the
 * other companies keep the rest (bench/results/analytics.md).
 */
export const COMPANY_READ_SLOTS = 2;

/** Seconds a refused caller is asked to wait: about one view's time. */
const RETRY_AFTER_SECONDS = 1;

const refused = (message?: string) => new AppError('READ_IN_PROGRESS', message, { 'Retry-After': String(RETRY_AFTER_SECONDS) });

/** A transaction-level advisory lock on the key, taken if it is free (false at once if it is not). */
const lock = (key: string) => sql`pg_try_advisory_xact_lock(hashtextextended(${key}, 0)) as taken`;

async function tryLock(tx: DbTx, key: string): Promise<boolean> {
  const result = await tx.execute<{ taken: boolean }>(sql`select ${lock(key)}`);
  return result.rows[0]?.taken === true;
}

/**
 * For the rest of the transaction: the statement timeout, and no parallel workers (a read is one
 * backend on one core, so a company's slots are what it can take of the database); then the user's
 * lock for the kind. One round trip.
 */
async function startRead(tx: DbTx, limits: ReadLimits): Promise<boolean> {
  const result = await tx.execute<{ taken: boolean }>(
    sql`select set_config('statement_timeout', ${String(limits.timeoutMs)}, true), set_config('max_parallel_workers_per_gather', '0', true),
      ${lock(`read:${limits.kind}:user:${limits.userId}`)}`,
  );
  return result.rows[0]?.taken === true;
}

/** Takes the first free one of the company's slots for the kind; false when all are taken. */
async function tryCompanySlot(tx: DbTx, limits: ReadLimits): Promise<boolean> {
  for (let slot = 1; slot <= COMPANY_READ_SLOTS; slot += 1) {
    if (await tryLock(tx, `read:${limits.kind}:company:${limits.companyId}:${slot}`)) return true;
  }
  return false;
}

/**
 * Runs a read that may scan a whole company (analytics, CSV exports) in one read-only transaction on
 * one snapshot, so its figures agree with each other. `SET LOCAL statement_timeout` bounds each of
 * its statements (a stopped one answers 503, database-errors.ts), `SET LOCAL
 * max_parallel_workers_per_gather = 0` keeps it to one backend, and both end with the transaction, so
 * the pooled connection goes back as it came. The read first takes transaction-level advisory locks
 * without waiting, on every instance's behalf (they live in the database): the user's own for the
 * kind, then one of the company's slots. While the user's previous read of the kind runs, or the
 * company's slots are all taken, the read is refused at once (429 READ_IN_PROGRESS) rather than
 * holding a connection to wait; the locks go with the commit or the rollback.
 */
export function withStatementTimeout<T>(db: Db, limits: ReadLimits, work: (tx: DbTx) => Promise<T>): Promise<T> {
  return db.transaction(
    async (tx) => {
      if (!(await startRead(tx, limits))) throw refused();
      if (!(await tryCompanySlot(tx, limits))) throw refused('Others in your company are running this right now. Please try again in a moment.');
      return work(tx);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
