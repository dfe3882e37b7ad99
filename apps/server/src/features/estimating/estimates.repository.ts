import { and, desc, eq, max, sql, type SQL } from 'drizzle-orm';
import type { Db, DbTx } from '../../infra/db/client';
import { estimates, inspectionSessions, user } from '../../infra/db/schema/index';
import { userNameColumns } from '../../data/user-columns';

// Estimates and their versions. Every statement filters by company_id; the joined session is matched
// on the same company.

export type EstimateRow = typeof estimates.$inferSelect;
export type NewEstimateRow = Omit<typeof estimates.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type EstimatePatch = Partial<
  Pick<
    EstimateRow,
    | 'lines'
    | 'depreciationMode'
    | 'overallDepreciationBp'
    | 'opEnabled'
    | 'carrierScope'
    | 'supplement'
    | 'notes'
    | 'subtotalCents'
    | 'overheadCents'
    | 'profitCents'
    | 'rcvCents'
    | 'depreciationCents'
    | 'acvCents'
  >
>;

// Whether the row is its session's highest version. Written with the table's own name: drizzle may
// leave the outer columns unqualified, which inside the subquery would name the inner table.
const isLatest = sql<boolean>`not exists (select 1 from estimates later where later.company_id = "estimates"."company_id"
  and later.session_id = "estimates"."session_id" and later.version > "estimates"."version")`;

function selectEstimates(db: Db | DbTx) {
  return db
    .select({
      estimate: estimates,
      isLatest,
      session: { street: inspectionSessions.street, city: inspectionSessions.city, state: inspectionSessions.state, zip: inspectionSessions.zip },
      creator: userNameColumns,
    })
    .from(estimates)
    .leftJoin(inspectionSessions, and(eq(inspectionSessions.id, estimates.sessionId), eq(inspectionSessions.companyId, estimates.companyId)))
    .leftJoin(user, eq(user.id, estimates.createdBy));
}

export type EstimateDetailRow = Awaited<ReturnType<typeof listEstimates>>[number];

/** A session's or a project's estimates (every version), newest first. */
export async function listEstimates(db: Db | DbTx, companyId: string, filters: { sessionId?: string | undefined; projectId?: string | undefined }) {
  const where: SQL | undefined = and(
    eq(estimates.companyId, companyId),
    filters.sessionId ? eq(estimates.sessionId, filters.sessionId) : undefined,
    filters.projectId ? eq(estimates.projectId, filters.projectId) : undefined,
  );
  return selectEstimates(db).where(where).orderBy(desc(estimates.createdAt), desc(estimates.version), desc(estimates.id));
}

/** One estimate of the company, or null. */
export async function findEstimate(db: Db | DbTx, companyId: string, id: string): Promise<EstimateDetailRow | null> {
  const [row] = await selectEstimates(db).where(and(eq(estimates.companyId, companyId), eq(estimates.id, id)));
  return row ?? null;
}

/** One estimate of the company, locked (FOR UPDATE) for the change the transaction makes, or null. */
export async function lockEstimate(tx: DbTx, companyId: string, id: string): Promise<EstimateRow | null> {
  const [row] = await tx
    .select()
    .from(estimates)
    .where(and(eq(estimates.companyId, companyId), eq(estimates.id, id)))
    .for('update');
  return row ?? null;
}

/** The session's highest version number, 0 without estimates. */
export async function latestVersion(db: Db | DbTx, companyId: string, sessionId: string): Promise<number> {
  const [row] = await db
    .select({ version: max(estimates.version) })
    .from(estimates)
    .where(and(eq(estimates.companyId, companyId), eq(estimates.sessionId, sessionId)));
  return row?.version ?? 0;
}

export async function insertEstimate(tx: DbTx, values: NewEstimateRow): Promise<string> {
  const [row] = await tx.insert(estimates).values(values).returning({ id: estimates.id });
  if (!row) throw new Error('Estimate insert returned nothing');
  return row.id;
}

/** Applies the patch with a new updated_at, only within the company. */
export async function updateEstimateRow(tx: DbTx, companyId: string, id: string, patch: EstimatePatch): Promise<void> {
  await tx
    .update(estimates)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(estimates.companyId, companyId), eq(estimates.id, id)));
}
