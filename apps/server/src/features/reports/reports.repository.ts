import { alias } from 'drizzle-orm/pg-core';
import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { ReportKind, ReportStatus } from '@ridgeline/shared/domain/documents';
import type { Db, DbTx } from '../../infra/db/client';
import { inspectionSessions, projects, reports, user } from '../../infra/db/schema/index';

// The reports table's queries. Every one filters by company_id: another company's report is as good
// as missing (the render job reads by the company id its payload carries). What a report is made
// from (the company's letterhead, the claim file, its inspections, photos, measurements, estimates
// and shingle identification) is read through the shared data floor, data/.

export type ReportRow = typeof reports.$inferSelect;
export type NewReportRow = typeof reports.$inferInsert;
export type ReportListRow = ReportRow & { createdByName: string | null; updatedByName: string | null; sourceLabel: string };

const creator = alias(user, 'creator');
const updater = alias(user, 'updater');

function selectReports(db: Db | DbTx) {
  return db
    .select({
      report: reports,
      createdByName: creator.name,
      updatedByName: updater.name,
      projectTitle: projects.title,
      sessionStreet: inspectionSessions.street,
    })
    .from(reports)
    .leftJoin(creator, eq(creator.id, reports.createdBy))
    .leftJoin(updater, eq(updater.id, reports.updatedBy))
    .leftJoin(projects, eq(projects.id, reports.projectId))
    .leftJoin(inspectionSessions, eq(inspectionSessions.id, reports.sessionId));
}

type Joined = { report: ReportRow; createdByName: string | null; updatedByName: string | null; projectTitle: string | null; sessionStreet: string | null };
const flatten = (rows: Joined[]): ReportListRow[] =>
  rows.map(({ report, createdByName, updatedByName, projectTitle, sessionStreet }) => ({
    ...report,
    createdByName,
    updatedByName,
    sourceLabel: projectTitle ?? sessionStreet ?? '',
  }));

export async function insertReport(tx: Db | DbTx, row: NewReportRow): Promise<ReportRow> {
  const [inserted] = await tx.insert(reports).values(row).returning();
  if (!inserted) throw new Error('The report was not written');
  return inserted;
}

/** One report of the company with the names of who made and last saved it, or null. */
export async function findReportDetail(db: Db | DbTx, companyId: string, reportId: string): Promise<ReportListRow | null> {
  const rows = flatten(await selectReports(db).where(and(eq(reports.companyId, companyId), eq(reports.id, reportId))));
  return rows[0] ?? null;
}

export type ReportFilters = { projectId?: string | undefined; kind?: ReportKind | undefined; status?: ReportStatus | undefined };

function filtersOf(companyId: string, filters: ReportFilters): SQL | undefined {
  return and(
    eq(reports.companyId, companyId),
    // A claim file's documents: its own and those of the inspections converted into it.
    filters.projectId
      ? or(
          eq(reports.projectId, filters.projectId),
          sql`${reports.sessionId} in (select ${inspectionSessions.id} from ${inspectionSessions} where ${inspectionSessions.companyId} = ${companyId} and ${inspectionSessions.projectId} = ${filters.projectId})`,
        )
      : undefined,
    filters.kind ? eq(reports.kind, filters.kind) : undefined,
    filters.status ? eq(reports.status, filters.status) : undefined,
  );
}

/** A page of the company's reports, newest first, and how many match in all. */
export async function listReports(
  db: Db | DbTx,
  companyId: string,
  filters: ReportFilters,
  page: number,
  pageSize: number,
): Promise<{ rows: ReportListRow[]; total: number }> {
  const where = filtersOf(companyId, filters);
  const rows = flatten(
    await selectReports(db)
      .where(where)
      .orderBy(desc(reports.createdAt), desc(reports.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  );
  const [total] = await db.select({ n: count() }).from(reports).where(where);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Saves a draft made from `version`: nothing is written (null) when another save came first, so two
 * editors never silently overwrite each other.
 */
export async function updateDraftIfVersion(
  tx: Db | DbTx,
  companyId: string,
  reportId: string,
  version: number,
  changes: Pick<Partial<NewReportRow>, 'title' | 'document' | 'overrideReason'> & { updatedBy: string },
): Promise<ReportRow | null> {
  const [row] = await tx
    .update(reports)
    .set({ ...changes, version: sql`${reports.version} + 1`, updatedAt: new Date() })
    .where(and(eq(reports.id, reportId), eq(reports.companyId, companyId), eq(reports.version, version)))
    .returning();
  return row ?? null;
}

/** Writes the changes given (a render's state leaves `updatedAt`, the last save's time, as it is). */
export async function updateReport(db: Db | DbTx, companyId: string, reportId: string, changes: Partial<NewReportRow>): Promise<ReportRow | null> {
  const [row] = await db
    .update(reports)
    .set(changes)
    .where(and(eq(reports.id, reportId), eq(reports.companyId, companyId)))
    .returning();
  return row ?? null;
}

/** The job's progress, written only while the report is rendering. */
export async function updateProgress(db: Db | DbTx, companyId: string, reportId: string, progress: number): Promise<void> {
  await db
    .update(reports)
    .set({ progress })
    .where(and(eq(reports.id, reportId), eq(reports.companyId, companyId), eq(reports.status, 'rendering')));
}

export async function deleteReport(db: Db | DbTx, companyId: string, reportId: string): Promise<ReportRow | null> {
  const [row] = await db
    .delete(reports)
    .where(and(eq(reports.id, reportId), eq(reports.companyId, companyId)))
    .returning();
  return row ?? null;
}

// ---------------------------------------------------------------- what reports are made from

// ---------------------------------------------------------------- packets and proposals
