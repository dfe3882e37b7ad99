import { desc } from 'drizzle-orm';
import type { Db, DbTx } from '../../infra/db/client';
import { cspViolations } from '../../infra/db/schema/index';

// CSP reports are platform-wide (browsers send them without a session), so no company filter.

export type CspViolationRow = typeof cspViolations.$inferSelect;
export type NewCspViolation = typeof cspViolations.$inferInsert;

export async function insertCspViolation(db: Db | DbTx, row: NewCspViolation): Promise<void> {
  await db.insert(cspViolations).values(row);
}

/** The newest reports first. */
export async function listRecentCspViolations(db: Db | DbTx, limit: number): Promise<CspViolationRow[]> {
  return db.select().from(cspViolations).orderBy(desc(cspViolations.receivedAt)).limit(limit);
}
