import { and, eq } from 'drizzle-orm';
import type { Db, DbTx } from '../../infra/db/client';
import { inspectionSessions, projects } from '../../infra/db/schema/index';

// What measurements and estimates hang on: the company's sessions and projects. Every lookup filters
// by company_id, so another company's session or project is simply not found.

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
 * The company's session, locked (FOR UPDATE) until the transaction ends: the writes that number a
 * session's estimates or check which version is the latest run one after the other.
 */
export async function lockSessionRef(tx: DbTx, companyId: string, id: string): Promise<SessionRef | null> {
  const [row] = await tx
    .select({ id: inspectionSessions.id, projectId: inspectionSessions.projectId })
    .from(inspectionSessions)
    .where(and(eq(inspectionSessions.companyId, companyId), eq(inspectionSessions.id, id)))
    .for('update');
  return row ?? null;
}

/** The company's session held against deletion (key share) while a measurement is written for it. */
export async function holdSessionRef(tx: DbTx, companyId: string, id: string): Promise<SessionRef | null> {
  const [row] = await tx
    .select({ id: inspectionSessions.id, projectId: inspectionSessions.projectId })
    .from(inspectionSessions)
    .where(and(eq(inspectionSessions.companyId, companyId), eq(inspectionSessions.id, id)))
    .for('key share');
  return row ?? null;
}
/** The company's project held against deletion (key share) while a row pointing at it is written. */
export async function holdProject(tx: DbTx, companyId: string, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.companyId, companyId), eq(projects.id, id)))
    .for('key share');
  return row !== undefined;
}
