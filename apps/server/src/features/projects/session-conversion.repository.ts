import { and, count, desc, eq, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { InspectionStatus } from '@ridgeline/shared/contracts/inspections';
import type { DbTx } from '../../infra/db/client';
import { joinSessionMeasurementToProject } from '../../data/roof-measurement';
import { adjusters, carriers, estimates, inspectionPhotos, inspectionSessions, roofMeasurements } from '../../infra/db/schema/index';

// Converting an inspection session into a claim file: the session locked, the directory looked up by
// the names typed in the field, and the session's photos, measurements and estimates re-linked to the
// project. Every statement filters by company_id: another company's session is never read or moved.

/** The column is not already that value (null included), so a repeated conversion rewrites nothing. */
const notYet = (column: AnyColumn, value: string): SQL => sql`${column} is distinct from ${value}`;

/** The company's carrier of that name (names are unique per company, in any case), or null. */
export async function findCarrierIdByName(tx: DbTx, companyId: string, name: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: carriers.id })
    .from(carriers)
    .where(and(eq(carriers.companyId, companyId), eq(sql`lower(${carriers.name})`, name.trim().toLowerCase())));
  return row?.id ?? null;
}

/**
 * The company's adjuster of that name (in any case), or null. When several share the name, the one
 * working for the carrier wins, then the one changed last.
 */
export async function findAdjusterIdByName(tx: DbTx, companyId: string, name: string, carrierId: string | null): Promise<string | null> {
  const [row] = await tx
    .select({ id: adjusters.id })
    .from(adjusters)
    .where(and(eq(adjusters.companyId, companyId), eq(sql`lower(${adjusters.name})`, name.trim().toLowerCase())))
    .orderBy(carrierId === null ? sql`1` : sql`(${adjusters.carrierId} = ${carrierId}) desc nulls last`, desc(adjusters.updatedAt))
    .limit(1);
  return row?.id ?? null;
}

/** The totals of the session's latest estimate version, or null without an estimate. */
export async function findLatestEstimateTotals(tx: DbTx, companyId: string, sessionId: string) {
  const [row] = await tx
    .select({ rcvCents: estimates.rcvCents, acvCents: estimates.acvCents, depreciationCents: estimates.depreciationCents })
    .from(estimates)
    .where(and(eq(estimates.companyId, companyId), eq(estimates.sessionId, sessionId)))
    .orderBy(desc(estimates.version))
    .limit(1);
  return row ?? null;
}

/**
 * Points every photo of the session at the project, deleted ones included (a restored photo belongs
 * with its session's claim file). Rows and files stay as they are: the same photo ids appear on the project.
 */
export async function relinkSessionPhotos(tx: DbTx, companyId: string, sessionId: string, projectId: string): Promise<void> {
  await tx
    .update(inspectionPhotos)
    .set({ projectId, updatedAt: new Date() })
    .where(and(eq(inspectionPhotos.companyId, companyId), eq(inspectionPhotos.sessionId, sessionId), notYet(inspectionPhotos.projectId, projectId)));
}

/** Makes the session's measurement the claim file's: one record per roof (two become one, the one changed last kept). */
export async function relinkSessionMeasurements(tx: DbTx, companyId: string, sessionId: string, projectId: string): Promise<void> {
  await joinSessionMeasurementToProject(tx, companyId, sessionId, projectId);
}

/** Points every version of the session's estimate at the project (versions are otherwise kept as they were). */
export async function relinkSessionEstimates(tx: DbTx, companyId: string, sessionId: string, projectId: string): Promise<void> {
  await tx
    .update(estimates)
    .set({ projectId })
    .where(and(eq(estimates.companyId, companyId), eq(estimates.sessionId, sessionId), notYet(estimates.projectId, projectId)));
}

/** What the session brings to its claim file: live photos, measurements and estimate versions. */
export async function countSessionContents(
  tx: DbTx,
  companyId: string,
  sessionId: string,
): Promise<{ photos: number; measurements: number; estimates: number }> {
  const [photos] = await tx
    .select({ n: count() })
    .from(inspectionPhotos)
    .where(and(eq(inspectionPhotos.companyId, companyId), eq(inspectionPhotos.sessionId, sessionId), isNull(inspectionPhotos.deletedAt)));
  const [measurements] = await tx
    .select({ n: count() })
    .from(roofMeasurements)
    .where(and(eq(roofMeasurements.companyId, companyId), eq(roofMeasurements.sessionId, sessionId)));
  const [versions] = await tx
    .select({ n: count() })
    .from(estimates)
    .where(and(eq(estimates.companyId, companyId), eq(estimates.sessionId, sessionId)));
  return { photos: photos?.n ?? 0, measurements: measurements?.n ?? 0, estimates: versions?.n ?? 0 };
}

/** Links the session to the project and completes it (`completedAt` kept when it was completed before). */
export async function markSessionConverted(
  tx: DbTx,
  companyId: string,
  sessionId: string,
  patch: { projectId: string; status: InspectionStatus; completedAt: Date | null; fieldEditedAt: Record<string, string>; updatedAt: Date },
): Promise<void> {
  await tx
    .update(inspectionSessions)
    .set(patch)
    .where(and(eq(inspectionSessions.companyId, companyId), eq(inspectionSessions.id, sessionId)));
}
