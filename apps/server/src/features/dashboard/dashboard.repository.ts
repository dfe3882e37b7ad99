import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbTx } from '../../infra/db/client';
import { taskSummaryColumns } from '../../data/task-summary';
import { presentProjectSummary, selectProjectSummaries } from '../../data/project-summary';
import { companies, projectActivity, projects, projectStatuses, projectTasks, user } from '../../infra/db/schema/index';

// The dashboard's reads: one statement each, every one filtered by company_id and served by an index
// of the company (projects_company_active_idx, projects_company_status_idx, project_tasks_assignee_idx,
// projects_company_updated_idx, project_activity_company_idx).

/** The company's plan, billing status and trial end with its number of active files (the partial index on is_active). */
export async function findPlanAndActiveCount(db: Db | DbTx, companyId: string) {
  const [row] = await db
    .select({
      plan: companies.plan,
      status: companies.billingStatus,
      trialEndsAt: companies.trialEndsAt,
      active: sql<number>`(select count(*)::int from ${projects} where ${projects.companyId} = ${companyId} and ${projects.isActive})`,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row ?? null;
}

/** The visible statuses in pipeline order, each with its number of projects that are not archived. */
export async function countByVisibleStatus(db: Db | DbTx, companyId: string) {
  const counts = db
    .select({ statusId: projects.statusId, count: sql<number>`count(*)::int`.as('count') })
    .from(projects)
    .where(and(eq(projects.companyId, companyId), isNull(projects.archivedAt)))
    .groupBy(projects.statusId)
    .as('counts');
  return db
    .select({
      statusId: projectStatuses.id,
      name: projectStatuses.name,
      isClosed: projectStatuses.isClosed,
      count: sql<number>`coalesce(${counts.count}, 0)::int`,
    })
    .from(projectStatuses)
    .leftJoin(counts, eq(counts.statusId, projectStatuses.id))
    .where(and(eq(projectStatuses.companyId, companyId), eq(projectStatuses.isHidden, false)))
    .orderBy(asc(projectStatuses.position), asc(projectStatuses.id));
}

/**
 * A user's open tasks across the company's projects: overdue ones (due before `today`) first, then
 * by due date (undated last), then oldest first; at most `limit`. Each row also carries how many of
 * all the user's open tasks are overdue (a window count, taken before the limit).
 */
export async function listOpenTasksOf(db: Db | DbTx, companyId: string, userId: string, today: string, limit: number) {
  const overdue = sql`(${projectTasks.dueDate} is not null and ${projectTasks.dueDate} < ${today}::date)`;
  return db
    .select({
      ...taskSummaryColumns,
      overdueCount: sql<number>`(count(*) filter (where ${overdue}) over ())::int`,
    })
    .from(projectTasks)
    .innerJoin(projects, and(eq(projects.id, projectTasks.projectId), eq(projects.companyId, projectTasks.companyId)))
    .leftJoin(user, eq(user.id, projectTasks.assigneeId))
    .where(and(eq(projectTasks.companyId, companyId), eq(projectTasks.assigneeId, userId), eq(projectTasks.done, false)))
    .orderBy(sql`${overdue} desc`, sql`${projectTasks.dueDate} asc nulls last`, asc(projectTasks.createdAt), asc(projectTasks.id))
    .limit(limit);
}

/** The company's most recently changed projects, as list rows. */
export async function listRecentProjects(db: Db | DbTx, companyId: string, limit: number) {
  const rows = await selectProjectSummaries(db).where(eq(projects.companyId, companyId)).orderBy(desc(projects.updatedAt), desc(projects.id)).limit(limit);
  return rows.map(presentProjectSummary);
}

/** The newest activity across the company's projects, with the actor's names and the project's title. */
export async function listRecentActivity(db: Db | DbTx, companyId: string, limit: number) {
  return db
    .select({
      id: projectActivity.id,
      projectId: projectActivity.projectId,
      projectTitle: projects.title,
      kind: projectActivity.kind,
      actorId: projectActivity.actorId,
      actorFirstName: user.firstName,
      actorLastName: user.lastName,
      actorName: user.name,
      actorEmail: user.email,
      field: projectActivity.field,
      oldValue: projectActivity.oldValue,
      newValue: projectActivity.newValue,
      body: projectActivity.body,
      createdAt: projectActivity.createdAt,
    })
    .from(projectActivity)
    .innerJoin(projects, and(eq(projects.id, projectActivity.projectId), eq(projects.companyId, projectActivity.companyId)))
    .leftJoin(user, eq(user.id, projectActivity.actorId))
    .where(eq(projectActivity.companyId, companyId))
    .orderBy(desc(projectActivity.createdAt), desc(projectActivity.id))
    .limit(limit);
}

export type OpenTaskRow = Awaited<ReturnType<typeof listOpenTasksOf>>[number];
export type ActivityRow = Awaited<ReturnType<typeof listRecentActivity>>[number];
