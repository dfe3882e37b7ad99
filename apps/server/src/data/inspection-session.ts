import { and, eq } from 'drizzle-orm';
import type { Db, DbTx } from '../infra/db/client';
import { inspectionSessions } from '../infra/db/schema/index';

// An inspection session is written by the sessions feature and read or locked by the features that
// hang work on it (photos, measurements and estimates, the conversion into a claim file). Every
// statement filters by company_id: another company's session is never read or locked.

export type InspectionSessionRow = typeof inspectionSessions.$inferSelect;

/** What measurements, estimates and photos hang on: the session's id and its claim file. */
export type SessionRef = { id: string; projectId: string | null };

/** The company's session (its id and claim file), or null. */
export async function findSessionRef(db: Db | DbTx, companyId: string, id: string): Promise<SessionRef | null> {
  const [row] = await db
    .select({ id: inspectionSessions.id, projectId: inspectionSessions.projectId })
    .from(inspectionSessions)
    .where(and(eq(inspectionSessions.companyId, companyId), eq(inspectionSessions.id, id)));
  return row ?? null;
}

/**
 * The company's session, locked (FOR UPDATE) until the transaction ends, so two writes to it (two
 * devices' edits, two conversions into a claim file) run one after the other.
 */
export async function lockSession(tx: DbTx, companyId: string, id: string): Promise<InspectionSessionRow | null> {
  const [row] = await tx
    .select()
    .from(inspectionSessions)
    .where(and(eq(inspectionSessions.companyId, companyId), eq(inspectionSessions.id, id)))
    .for('update');
  return row ?? null;
}
