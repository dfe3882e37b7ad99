import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbTx } from '../infra/db/client';
import { inspectionPhotos, inspectionSessions, user } from '../infra/db/schema/index';

// The photos a document is made from: a claim file's (its own and those of its inspections) or one
// inspection's, live ones only, in the order they were taken. Every read filters by company.

export type SourcePhotoRow = typeof inspectionPhotos.$inferSelect & { uploaderName: string | null };

function sourceCondition(companyId: string, source: { projectId: string | null; sessionId: string | null }): SQL | undefined {
  if (source.sessionId) return and(eq(inspectionPhotos.companyId, companyId), eq(inspectionPhotos.sessionId, source.sessionId));
  if (!source.projectId) return sql`false`;
  const sessionsOfProject = sql`(select ${inspectionSessions.id} from ${inspectionSessions} where ${inspectionSessions.companyId} = ${companyId} and ${inspectionSessions.projectId} = ${source.projectId})`;
  return and(
    eq(inspectionPhotos.companyId, companyId),
    or(eq(inspectionPhotos.projectId, source.projectId), sql`${inspectionPhotos.sessionId} in ${sessionsOfProject}`),
  );
}

/** The live (not deleted) photos of a claim file (its own and its inspections') or of an inspection, in capture order. */
export async function listSourcePhotos(
  db: Db | DbTx,
  companyId: string,
  source: { projectId: string | null; sessionId: string | null },
  ids?: readonly string[],
): Promise<SourcePhotoRow[]> {
  if (ids && ids.length === 0) return [];
  const rows = await db
    .select({ photo: inspectionPhotos, uploaderName: user.name })
    .from(inspectionPhotos)
    .leftJoin(user, eq(user.id, inspectionPhotos.uploadedBy))
    .where(and(sourceCondition(companyId, source), isNull(inspectionPhotos.deletedAt), ids ? inArray(inspectionPhotos.id, [...ids]) : undefined))
    .orderBy(asc(inspectionPhotos.capturedAt), asc(inspectionPhotos.id));
  return rows.map(({ photo, uploaderName }) => ({ ...photo, uploaderName }));
}
