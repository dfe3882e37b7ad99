import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db, DbTx } from '../../infra/db/client';
import type { SessionRef } from '../../data/inspection-session';
import { inspectionPhotos, inspectionSessions, projects } from '../../infra/db/schema/index';

// What measurements and estimates hang on: the company's sessions and projects. Every lookup filters
// by company_id, so another company's session or project is simply not found.

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

/** Which of `ids` are photos of the session (or of its claim file) that are not deleted: the photos an estimate line may name. */
export async function sessionPhotoIds(db: Db | DbTx, companyId: string, session: SessionRef, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const ofSession = session.projectId
    ? or(eq(inspectionPhotos.sessionId, session.id), eq(inspectionPhotos.projectId, session.projectId))
    : eq(inspectionPhotos.sessionId, session.id);
  const rows = await db
    .select({ id: inspectionPhotos.id })
    .from(inspectionPhotos)
    .where(and(eq(inspectionPhotos.companyId, companyId), inArray(inspectionPhotos.id, [...ids]), isNull(inspectionPhotos.deletedAt), ofSession));
  return new Set(rows.map((r) => r.id));
}
