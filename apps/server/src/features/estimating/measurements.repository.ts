import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbTx } from '../../infra/db/client';
import { inspectionSessions, projects, roofMeasurements, user } from '../../infra/db/schema/index';
import { userNameColumns } from '../../data/user-columns';

// Roof measurements. Every statement filters by company_id; the joined project and session are
// matched on the same company, so a row never shows another company's title or address. A record
// superseded by another of the same roof (decision 041) is never read.

export type MeasurementRow = typeof roofMeasurements.$inferSelect;
export type NewMeasurementRow = Omit<typeof roofMeasurements.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type MeasurementPatch = Partial<
  Pick<
    MeasurementRow,
    | 'label'
    | 'structures'
    | 'trueAreaSqFt'
    | 'squaresHundredths'
    | 'orderSquaresHundredths'
    | 'reportTotals'
    | 'notes'
    | 'reportFilePath'
    | 'reportFileName'
    | 'reportMimeType'
    | 'reportFileSize'
    | 'reportUploadedAt'
  >
>;

/** At most this many measurements are listed, newest first. */
const LIST_LIMIT = 500;

function selectMeasurements(db: Db | DbTx) {
  return db
    .select({
      measurement: roofMeasurements,
      projectTitle: projects.title,
      session: { street: inspectionSessions.street, city: inspectionSessions.city, state: inspectionSessions.state, zip: inspectionSessions.zip },
      creator: userNameColumns,
    })
    .from(roofMeasurements)
    .leftJoin(projects, and(eq(projects.id, roofMeasurements.projectId), eq(projects.companyId, roofMeasurements.companyId)))
    .leftJoin(inspectionSessions, and(eq(inspectionSessions.id, roofMeasurements.sessionId), eq(inspectionSessions.companyId, roofMeasurements.companyId)))
    .leftJoin(user, eq(user.id, roofMeasurements.createdBy));
}

export type MeasurementDetailRow = Awaited<ReturnType<typeof listMeasurements>>[number];

export type MeasurementFilters = { sessionId?: string | undefined; projectId?: string | undefined };

const live = isNull(roofMeasurements.supersededBy);

/**
 * A session's roof: its own measurement, or its claim file's (one record per roof, whichever screen
 * it was entered on). The session is matched in the company only.
 */
function ofSessionRoof(companyId: string, sessionId: string): SQL {
  const claimFile = sql`(select ${inspectionSessions.projectId} from ${inspectionSessions} where ${inspectionSessions.id} = ${sessionId} and ${inspectionSessions.companyId} = ${companyId})`;
  return or(eq(roofMeasurements.sessionId, sessionId), sql`${roofMeasurements.projectId} = ${claimFile}`) ?? sql`false`;
}

/** The company's measurements, newest first; the filters keep one session's roof or one project's. */
export async function listMeasurements(db: Db | DbTx, companyId: string, filters: MeasurementFilters) {
  const where: SQL | undefined = and(
    eq(roofMeasurements.companyId, companyId),
    live,
    filters.sessionId ? ofSessionRoof(companyId, filters.sessionId) : undefined,
    filters.projectId ? eq(roofMeasurements.projectId, filters.projectId) : undefined,
  );
  return selectMeasurements(db).where(where).orderBy(desc(roofMeasurements.createdAt), desc(roofMeasurements.id)).limit(LIST_LIMIT);
}

/** One measurement of the company with its project title, session address and creator, or null. */
export async function findMeasurement(db: Db | DbTx, companyId: string, id: string): Promise<MeasurementDetailRow | null> {
  const [row] = await selectMeasurements(db).where(and(eq(roofMeasurements.companyId, companyId), eq(roofMeasurements.id, id), live));
  return row ?? null;
}

/** Whether the claim file has its roof's measurement already (read in the transaction that would add one). */
export async function projectHasMeasurement(tx: DbTx, companyId: string, projectId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: roofMeasurements.id })
    .from(roofMeasurements)
    .where(and(eq(roofMeasurements.companyId, companyId), eq(roofMeasurements.projectId, projectId), live));
  return row !== undefined;
}

/** One measurement of the company, locked (FOR UPDATE) for the change the transaction makes, or null. */
export async function lockMeasurement(tx: DbTx, companyId: string, id: string): Promise<MeasurementRow | null> {
  const [row] = await tx
    .select()
    .from(roofMeasurements)
    .where(and(eq(roofMeasurements.companyId, companyId), eq(roofMeasurements.id, id), live))
    .for('update');
  return row ?? null;
}

/**
 * Inserts the measurement; null when its session or its claim file already has one (the unique
 * indexes on session_id and on a live record's project_id: of two racing inserts, one is written and
 * the other finds the first).
 */
export async function insertMeasurementUnlessSessionHasOne(tx: DbTx, values: NewMeasurementRow): Promise<string | null> {
  const rows = await tx.insert(roofMeasurements).values(values).onConflictDoNothing().returning({ id: roofMeasurements.id });
  return rows[0]?.id ?? null;
}

/** Applies the patch with a new updated_at, only within the company. */
export async function updateMeasurementRow(tx: DbTx, companyId: string, id: string, patch: MeasurementPatch): Promise<void> {
  await tx
    .update(roofMeasurements)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(roofMeasurements.companyId, companyId), eq(roofMeasurements.id, id)));
}

export async function deleteMeasurementRow(tx: DbTx, companyId: string, id: string): Promise<void> {
  await tx.delete(roofMeasurements).where(and(eq(roofMeasurements.companyId, companyId), eq(roofMeasurements.id, id)));
}
