import { and, asc, count, eq, isNull, max, sql } from 'drizzle-orm';
import type { Db, DbTx } from '../../infra/db/client';
import { projects, projectStatuses } from '../../infra/db/schema/index';

// A company's pipeline statuses; every statement filters by company_id.

export type ProjectStatusRow = typeof projectStatuses.$inferSelect;

/** Every status of the company in pipeline order, with how many projects are in each. */
export async function listStatusesWithCounts(db: Db | DbTx, companyId: string) {
  const counts = db
    .select({ statusId: projects.statusId, projectCount: count().as('project_count') })
    .from(projects)
    .where(eq(projects.companyId, companyId))
    .groupBy(projects.statusId)
    .as('counts');
  return db
    .select({
      id: projectStatuses.id,
      key: projectStatuses.key,
      name: projectStatuses.name,
      position: projectStatuses.position,
      isClosed: projectStatuses.isClosed,
      isHidden: projectStatuses.isHidden,
      projectCount: sql<number>`coalesce(${counts.projectCount}, 0)`.mapWith(Number),
    })
    .from(projectStatuses)
    .leftJoin(counts, eq(counts.statusId, projectStatuses.id))
    .where(eq(projectStatuses.companyId, companyId))
    .orderBy(asc(projectStatuses.position), asc(projectStatuses.createdAt));
}

export type ProjectStatusWithCount = Awaited<ReturnType<typeof listStatusesWithCounts>>[number];

/** Every status of the company in pipeline order. */
export async function listStatuses(db: Db | DbTx, companyId: string): Promise<ProjectStatusRow[]> {
  return db
    .select()
    .from(projectStatuses)
    .where(eq(projectStatuses.companyId, companyId))
    .orderBy(asc(projectStatuses.position), asc(projectStatuses.createdAt));
}

/** One status of the company. */
export async function findStatus(db: Db | DbTx, companyId: string, id: string): Promise<ProjectStatusRow | null> {
  const [row] = await db
    .select()
    .from(projectStatuses)
    .where(and(eq(projectStatuses.companyId, companyId), eq(projectStatuses.id, id)));
  return row ?? null;
}

/** The company's status of that key (the default pipeline's keys are stable), or null. */
export async function findStatusByKey(db: Db | DbTx, companyId: string, key: string): Promise<ProjectStatusRow | null> {
  const [row] = await db
    .select()
    .from(projectStatuses)
    .where(and(eq(projectStatuses.companyId, companyId), eq(projectStatuses.key, key)));
  return row ?? null;
}

/** The status a new project starts in: the first open, visible one in pipeline order. */
export async function findDefaultStatus(db: Db | DbTx, companyId: string): Promise<ProjectStatusRow | null> {
  const [row] = await db
    .select()
    .from(projectStatuses)
    .where(and(eq(projectStatuses.companyId, companyId), eq(projectStatuses.isClosed, false), eq(projectStatuses.isHidden, false)))
    .orderBy(asc(projectStatuses.position), asc(projectStatuses.createdAt))
    .limit(1);
  return row ?? null;
}

/** The position after the company's last status. */
export async function nextStatusPosition(db: Db | DbTx, companyId: string): Promise<number> {
  const [row] = await db
    .select({ last: max(projectStatuses.position) })
    .from(projectStatuses)
    .where(eq(projectStatuses.companyId, companyId));
  return row?.last === null || row?.last === undefined ? 0 : row.last + 1;
}

export async function insertStatus(
  tx: DbTx,
  row: { companyId: string; key: string; name: string; position: number; isClosed: boolean },
): Promise<ProjectStatusRow> {
  const [inserted] = await tx.insert(projectStatuses).values(row).returning();
  if (!inserted) throw new Error('Status insert returned nothing');
  return inserted;
}

export async function updateStatusRow(
  tx: DbTx,
  companyId: string,
  id: string,
  patch: Partial<Pick<ProjectStatusRow, 'name' | 'isClosed' | 'isHidden' | 'position'>>,
): Promise<void> {
  await tx
    .update(projectStatuses)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(projectStatuses.companyId, companyId), eq(projectStatuses.id, id)));
}

export async function deleteStatusRow(tx: DbTx, companyId: string, id: string): Promise<void> {
  await tx.delete(projectStatuses).where(and(eq(projectStatuses.companyId, companyId), eq(projectStatuses.id, id)));
}

/** How many projects are in the status (archived ones included). */
export async function countProjectsInStatus(db: Db | DbTx, companyId: string, statusId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(projects)
    .where(and(eq(projects.companyId, companyId), eq(projects.statusId, statusId)));
  return row?.total ?? 0;
}

/** How many projects in the status are not archived (they become active when the status opens). */
export async function countUnarchivedInStatus(db: Db | DbTx, companyId: string, statusId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(projects)
    .where(and(eq(projects.companyId, companyId), eq(projects.statusId, statusId), isNull(projects.archivedAt)));
  return row?.total ?? 0;
}

/**
 * Keeps is_active of the status's projects in step with the status: closing it deactivates them (and
 * stamps closed_at where unset); opening it activates the ones not archived and clears closed_at.
 */
export async function syncProjectsOfStatus(tx: DbTx, companyId: string, statusId: string, isClosed: boolean): Promise<void> {
  const now = new Date();
  const inStatus = and(eq(projects.companyId, companyId), eq(projects.statusId, statusId));
  if (isClosed) {
    await tx
      .update(projects)
      .set({ isActive: false, closedAt: sql`coalesce(${projects.closedAt}, ${now})`, updatedAt: now })
      .where(inStatus);
  } else {
    await tx
      .update(projects)
      .set({ isActive: sql`${projects.archivedAt} is null`, closedAt: null, updatedAt: now })
      .where(inStatus);
  }
}
