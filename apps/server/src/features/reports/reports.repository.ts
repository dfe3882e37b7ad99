import { alias } from 'drizzle-orm/pg-core';
import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { EstimateTotals } from '@ridgeline/shared/domain/estimate';
import type { LossType } from '@ridgeline/shared/domain/loss-types';
import type { ReportKind, ReportStatus } from '@ridgeline/shared/domain/documents';
import type { Db, DbTx } from '../../infra/db/client';
import { claimFileFactColumns } from '../../data/project-summary';
import { adjusters, carriers, companies, inspectionPhotos, inspectionSessions, projects, reports, user } from '../../infra/db/schema/index';

// Every query on reports and what they are made from filters by company_id: another company's
// report, claim file, inspection or photo is as good as missing. The render job reads by the
// company id its payload carries.

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

export type CompanyFacts = {
  id: string;
  name: string;
  address: string | null;
  phone: string | null;
  logoPath: string | null;
  coverLetterTemplate: string | null;
  timeZone: string | null;
};

export async function findCompanyFacts(db: Db | DbTx, companyId: string): Promise<CompanyFacts | null> {
  const [row] = await db
    .select({
      id: companies.id,
      name: companies.name,
      address: companies.address,
      phone: companies.phone,
      logoPath: companies.logoPath,
      coverLetterTemplate: companies.coverLetterTemplate,
      timeZone: companies.timeZone,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row ?? null;
}

export async function updateCoverLetterTemplate(db: Db | DbTx, companyId: string, template: string | null): Promise<void> {
  await db.update(companies).set({ coverLetterTemplate: template }).where(eq(companies.id, companyId));
}

export type ProjectFacts = {
  id: string;
  title: string;
  homeownerName: string;
  street: string;
  city: string | null;
  state: string | null;
  zip: string | null;
  carrierName: string | null;
  adjusterName: string | null;
  policyNumber: string | null;
  claimNumber: string | null;
  dateOfLoss: string | null;
  lossType: LossType;
  lossDescription: string | null;
  updatedAt: Date;
};

export async function findProjectFacts(db: Db | DbTx, companyId: string, projectId: string): Promise<ProjectFacts | null> {
  const [row] = await db
    .select({
      ...claimFileFactColumns,
      updatedAt: projects.updatedAt,
    })
    .from(projects)
    .leftJoin(carriers, eq(carriers.id, projects.carrierId))
    .leftJoin(adjusters, eq(adjusters.id, projects.adjusterId))
    .where(and(eq(projects.companyId, companyId), eq(projects.id, projectId)));
  return row ?? null;
}

export type SessionFacts = {
  id: string;
  projectId: string | null;
  street: string;
  city: string | null;
  state: string | null;
  zip: string | null;
  homeownerName: string | null;
  carrierName: string | null;
  policyNumber: string | null;
  claimNumber: string | null;
  adjusterName: string | null;
  dateOfLoss: string | null;
  lossType: LossType | null;
  lossDescription: string | null;
  structures: unknown;
  inspectorName: string | null;
  createdAt: Date;
  updatedAt: Date;
};

const inspector = alias(user, 'inspector');

function selectSessions(db: Db | DbTx) {
  return db
    .select({
      id: inspectionSessions.id,
      projectId: inspectionSessions.projectId,
      street: inspectionSessions.street,
      city: inspectionSessions.city,
      state: inspectionSessions.state,
      zip: inspectionSessions.zip,
      homeownerName: inspectionSessions.homeownerName,
      carrierName: sql<string | null>`coalesce(${carriers.name}, ${inspectionSessions.carrierName})`,
      policyNumber: inspectionSessions.policyNumber,
      claimNumber: inspectionSessions.claimNumber,
      adjusterName: inspectionSessions.adjusterName,
      dateOfLoss: inspectionSessions.dateOfLoss,
      lossType: inspectionSessions.lossType,
      lossDescription: inspectionSessions.lossDescription,
      structures: inspectionSessions.structures,
      inspectorName: inspector.name,
      createdAt: inspectionSessions.createdAt,
      updatedAt: inspectionSessions.updatedAt,
    })
    .from(inspectionSessions)
    .leftJoin(carriers, eq(carriers.id, inspectionSessions.carrierId))
    .leftJoin(inspector, eq(inspector.id, inspectionSessions.inspectorId));
}

export async function findSessionFacts(db: Db | DbTx, companyId: string, sessionId: string): Promise<SessionFacts | null> {
  const [row] = await selectSessions(db).where(and(eq(inspectionSessions.companyId, companyId), eq(inspectionSessions.id, sessionId)));
  return row ?? null;
}

/** The inspections converted into a claim file, oldest first. */
export async function listSessionsOfProject(db: Db | DbTx, companyId: string, projectId: string): Promise<SessionFacts[]> {
  return selectSessions(db)
    .where(and(eq(inspectionSessions.companyId, companyId), eq(inspectionSessions.projectId, projectId)))
    .orderBy(asc(inspectionSessions.createdAt), asc(inspectionSessions.id));
}

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

// ---------------------------------------------------------------- packets and proposals

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

export type ShingleIdPhotoRow = { id: string; kind: string; filePath: string; fileName: string; createdAt: Date };
export type ShingleIdRow = {
  id: string;
  measurements: unknown;
  ranking: unknown;
  catalogVersion: number;
  address: string;
  color: string;
  createdAt: Date;
  /** The photos the server holds for it, in the order they arrived. */
  photos: ShingleIdPhotoRow[];
};

/** The newest shingle identification saved to a claim file, or null (the packet's Shingle ID page). */
export async function findLatestShingleId(db: Db | DbTx, companyId: string, projectId: string): Promise<ShingleIdRow | null> {
  const result = await db.execute<{
    id: string;
    measurements: unknown;
    ranking: unknown;
    catalog_version: number;
    address: string;
    color: string;
    created_at: string | Date;
  }>(sql`
    select i.id, i.measurements, i.ranking, i.catalog_version, i.address, i.color, i.created_at
    from shingle_identifications i
    where i.company_id = ${companyId} and i.project_id = ${projectId}
    order by i.created_at desc, i.id desc
    limit 1`);
  const row = result.rows[0];
  if (!row) return null;
  const photos = await db.execute<{ id: string; kind: string; file_path: string; file_name: string; created_at: string | Date }>(sql`
    select p.id, p.kind, p.file_path, p.file_name, p.created_at
    from shingle_photos p
    where p.company_id = ${companyId} and p.identification_id = ${row.id}
    order by p.created_at, p.id`);
  return {
    id: row.id,
    measurements: row.measurements,
    ranking: row.ranking,
    catalogVersion: row.catalog_version,
    address: row.address,
    color: row.color,
    createdAt: new Date(row.created_at),
    photos: photos.rows.map((p) => ({ id: p.id, kind: p.kind, filePath: p.file_path, fileName: p.file_name, createdAt: new Date(p.created_at) })),
  };
}

export type EstimateRow = {
  id: string;
  version: number;
  lines: unknown;
  supplement: unknown;
  depreciationMode: string;
  overallDepreciationBp: number;
  opEnabled: boolean;
  updatedAt: Date;
} & EstimateTotals;

type EstimateSqlRow = {
  id: string;
  version: number;
  lines: unknown;
  supplement: unknown;
  depreciation_mode: string;
  overall_depreciation_bp: number;
  op_enabled: boolean;
  subtotal_cents: string | number;
  overhead_cents: string | number;
  profit_cents: string | number;
  rcv_cents: string | number;
  depreciation_cents: string | number;
  acv_cents: string | number;
  updated_at: string | Date;
};

const estimateOf = (r: EstimateSqlRow): EstimateRow => ({
  id: r.id,
  version: Number(r.version),
  lines: r.lines,
  supplement: r.supplement,
  depreciationMode: r.depreciation_mode,
  overallDepreciationBp: Number(r.overall_depreciation_bp),
  opEnabled: r.op_enabled,
  subtotalCents: Number(r.subtotal_cents),
  overheadCents: Number(r.overhead_cents),
  profitCents: Number(r.profit_cents),
  rcvCents: Number(r.rcv_cents),
  depreciationCents: Number(r.depreciation_cents),
  acvCents: Number(r.acv_cents),
  updatedAt: new Date(r.updated_at),
});

/** The estimates of a claim file (its own and its inspections'), newest first. */
export async function listProjectEstimates(db: Db | DbTx, companyId: string, projectId: string, estimateId?: string): Promise<EstimateRow[]> {
  const result = await db.execute<EstimateSqlRow>(sql`
    select e.id, e.version, e.lines, e.supplement, e.depreciation_mode, e.overall_depreciation_bp, e.op_enabled,
      e.subtotal_cents, e.overhead_cents, e.profit_cents, e.rcv_cents, e.depreciation_cents, e.acv_cents, e.updated_at
    from estimates e
    where e.company_id = ${companyId}
      and (e.project_id = ${projectId}
        or e.session_id in (select s.id from inspection_sessions s where s.company_id = ${companyId} and s.project_id = ${projectId}))
      ${estimateId ? sql`and e.id = ${estimateId}` : sql``}
    order by e.updated_at desc, e.id`);
  return result.rows.map(estimateOf);
}

/** A user's name as lists show it, or null. */
export async function findUserName(db: Db | DbTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ name: user.name }).from(user).where(eq(user.id, userId));
  return row?.name ?? null;
}
