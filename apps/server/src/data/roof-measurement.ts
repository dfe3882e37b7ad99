import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db, DbTx } from '../infra/db/client';
import { roofMeasurements } from '../infra/db/schema/index';

// One measurement record per roof (decision 041). An inspection on a claim file shares the claim
// file's record; when an inspection reaches a claim file (converted, attached, or linked when it
// syncs), its record becomes the claim file's. The estimating feature reads and writes the record;
// the conversion (projects) and the link on sync (inspections) both move it, through this function.

/**
 * Makes the session's measurement the claim file's. When both have one (the roof entered on the
 * inspection and again on the claim file's Measurements tab), the record changed last is kept as
 * the roof's and the other is superseded by it (hidden, kept); a kept record with no report file
 * takes the other's. Locks the rows it reads. Returns the id of the roof's record, or null when
 * neither has one.
 */
export async function joinSessionMeasurementToProject(tx: DbTx, companyId: string, sessionId: string, projectId: string): Promise<string | null> {
  const rows = await tx
    .select()
    .from(roofMeasurements)
    .where(
      and(
        eq(roofMeasurements.companyId, companyId),
        isNull(roofMeasurements.supersededBy),
        or(eq(roofMeasurements.sessionId, sessionId), eq(roofMeasurements.projectId, projectId)),
      ),
    )
    .orderBy(desc(roofMeasurements.updatedAt), desc(roofMeasurements.id))
    .for('update');
  const [kept, ...others] = rows;
  if (!kept) return null;
  if (others.length > 0) {
    const report = kept.reportFilePath === null ? others.find((row) => row.reportFilePath !== null) : undefined;
    await tx
      .update(roofMeasurements)
      .set({ supersededBy: kept.id, projectId })
      .where(
        and(
          eq(roofMeasurements.companyId, companyId),
          inArray(
            roofMeasurements.id,
            others.map((row) => row.id),
          ),
        ),
      );
    if (report) {
      await tx
        .update(roofMeasurements)
        .set({ reportFilePath: null, reportFileName: null, reportMimeType: null, reportFileSize: null, reportUploadedAt: null })
        .where(and(eq(roofMeasurements.companyId, companyId), eq(roofMeasurements.id, report.id)));
      await tx
        .update(roofMeasurements)
        .set({
          reportFilePath: report.reportFilePath,
          reportFileName: report.reportFileName,
          reportMimeType: report.reportMimeType,
          reportFileSize: report.reportFileSize,
          reportUploadedAt: report.reportUploadedAt,
        })
        .where(and(eq(roofMeasurements.companyId, companyId), eq(roofMeasurements.id, kept.id)));
    }
  }
  if (kept.projectId !== projectId) {
    await tx
      .update(roofMeasurements)
      .set({ projectId, updatedAt: new Date() })
      .where(
        and(eq(roofMeasurements.companyId, companyId), eq(roofMeasurements.id, kept.id), sql`${roofMeasurements.projectId} is distinct from ${projectId}`),
      );
  }
  return kept.id;
}

export type MeasurementRow = { id: string; label: string; structures: unknown; updatedAt: Date };

/** The roof measurements of a claim file (its own and its inspections'), oldest first. */
export async function listProjectMeasurements(db: Db | DbTx, companyId: string, projectId: string): Promise<MeasurementRow[]> {
  const result = await db.execute<{ id: string; label: string; structures: unknown; updated_at: string | Date }>(sql`
    select m.id, m.label, m.structures, m.updated_at
    from roof_measurements m
    where m.company_id = ${companyId}
      and (m.project_id = ${projectId}
        or m.session_id in (select s.id from inspection_sessions s where s.company_id = ${companyId} and s.project_id = ${projectId}))
    order by m.created_at, m.id`);
  return result.rows.map((r) => ({ id: r.id, label: r.label, structures: r.structures, updatedAt: new Date(r.updated_at) }));
}
