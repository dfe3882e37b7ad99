import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, DbTx } from '../../infra/db/client';
import { taskSummaryColumns, type TaskSummaryRow } from '../../data/task-summary';
import { members, projects, projectTasks, user } from '../../infra/db/schema/index';

// Every query filters by company_id: a task, its project and its assignee are only found within the
// caller's company.

export type TaskRow = TaskSummaryRow;

export type NewTask = {
  companyId: string;
  projectId: string;
  title: string;
  dueDate: string | null;
  assigneeId: string | null;
  createdBy: string;
};

export type TaskPatch = { title?: string; dueDate?: string | null; assigneeId?: string | null; done?: boolean; doneAt?: Date | null };

/** The project's id and title, only within the company; null for a missing or foreign project. */
export async function findProjectRef(db: Db | DbTx, companyId: string, projectId: string): Promise<{ id: string; title: string } | null> {
  const [row] = await db
    .select({ id: projects.id, title: projects.title })
    .from(projects)
    .where(and(eq(projects.companyId, companyId), eq(projects.id, projectId)));
  return row ?? null;
}

/**
 * The same, locked against deletion until the transaction ends, so a task or file is never written
 * for a project deleted meanwhile.
 */
export async function lockProjectRef(tx: DbTx, companyId: string, projectId: string): Promise<{ id: string; title: string } | null> {
  const [row] = await tx
    .select({ id: projects.id, title: projects.title })
    .from(projects)
    .where(and(eq(projects.companyId, companyId), eq(projects.id, projectId)))
    .for('key share');
  return row ?? null;
}

/** Whether the user is a member of the company (only colleagues can be assigned). */
export async function isCompanyMember(db: Db | DbTx, companyId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.companyId, companyId), eq(members.userId, userId)));
  return row !== undefined;
}

function selectTasks(db: Db | DbTx) {
  return db
    .select(taskSummaryColumns)
    .from(projectTasks)
    .innerJoin(projects, and(eq(projects.id, projectTasks.projectId), eq(projects.companyId, projectTasks.companyId)))
    .leftJoin(user, eq(user.id, projectTasks.assigneeId));
}

/** A project's tasks: open ones first, then by due date (undated last), then oldest first. */
export async function listProjectTasks(db: Db | DbTx, companyId: string, projectId: string): Promise<TaskRow[]> {
  return selectTasks(db)
    .where(and(eq(projectTasks.companyId, companyId), eq(projectTasks.projectId, projectId)))
    .orderBy(asc(projectTasks.done), sql`${projectTasks.dueDate} asc nulls last`, asc(projectTasks.createdAt), asc(projectTasks.id));
}

/**
 * A user's open tasks across the company's projects: overdue ones (due before `today`) first, then by
 * due date (undated last), then oldest first; at most `limit`.
 */
export async function listOpenTasksOf(db: Db | DbTx, companyId: string, userId: string, today: string, limit: number): Promise<TaskRow[]> {
  return selectTasks(db)
    .where(and(eq(projectTasks.companyId, companyId), eq(projectTasks.assigneeId, userId), eq(projectTasks.done, false)))
    .orderBy(
      sql`(${projectTasks.dueDate} is not null and ${projectTasks.dueDate} < ${today}::date) desc`,
      sql`${projectTasks.dueDate} asc nulls last`,
      asc(projectTasks.createdAt),
      asc(projectTasks.id),
    )
    .limit(limit);
}

/** One task with its names, only within the company; null for a missing or foreign task. */
export async function findTask(db: Db | DbTx, companyId: string, taskId: string): Promise<TaskRow | null> {
  const [row] = await selectTasks(db).where(and(eq(projectTasks.companyId, companyId), eq(projectTasks.id, taskId)));
  return row ?? null;
}

/** Locks one task of the company for a change in this transaction; null for a missing or foreign task. */
export async function lockTask(tx: DbTx, companyId: string, taskId: string) {
  const [row] = await tx
    .select()
    .from(projectTasks)
    .where(and(eq(projectTasks.companyId, companyId), eq(projectTasks.id, taskId)))
    .for('update');
  return row ?? null;
}

export async function insertTask(tx: DbTx, task: NewTask): Promise<{ id: string }> {
  const [row] = await tx.insert(projectTasks).values(task).returning({ id: projectTasks.id });
  if (!row) throw new Error('Task insert returned nothing');
  return row;
}

/** Applies the patch, only within the company. */
export async function updateTask(tx: DbTx, companyId: string, taskId: string, patch: TaskPatch): Promise<void> {
  await tx
    .update(projectTasks)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(projectTasks.companyId, companyId), eq(projectTasks.id, taskId)));
}

/** Deletes one task, only within the company. */
export async function deleteTask(tx: DbTx, companyId: string, taskId: string): Promise<void> {
  await tx.delete(projectTasks).where(and(eq(projectTasks.companyId, companyId), eq(projectTasks.id, taskId)));
}
