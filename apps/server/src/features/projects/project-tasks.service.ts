import type { CreateTaskInput, Task, UpdateTaskInput } from '@ridgeline/shared/contracts/projects';
import { overdueToday } from '@ridgeline/shared/domain/tasks';
import type { Actor, Tenant } from '../../lib/actor';
import type { Db, DbTx } from '../../infra/db/client';
import { presentTaskSummary } from '../../data/task-summary';
import { AppError } from '../../lib/app-error';
import { insertActivity } from '../../data/project-activity';
import {
  deleteTask,
  findProjectRef,
  findTask,
  insertTask,
  isCompanyMember,
  listOpenTasksOf,
  listProjectTasks,
  lockProjectRef,
  lockTask,
  updateTask,
  type TaskPatch,
} from './project-tasks.repository';

export type ProjectTasksServiceDeps = { db: Db; now?: () => Date };

/** "My tasks" lists at most this many open tasks, the most urgent first. */
export const MY_TASKS_LIMIT = 200;

/**
 * Tasks on a company's projects. Any member of the company may read and change them; an assignee
 * must be a member of the same company. Creating, completing, reopening and deleting a task each
 * write a project activity row in the same transaction.
 */
export function createProjectTasksService({ db, now = () => new Date() }: ProjectTasksServiceDeps) {
  const today = () => overdueToday(now());

  async function assertAssignable(tx: Db | DbTx, tenant: Tenant, assigneeId: string | null | undefined): Promise<void> {
    if (assigneeId && !(await isCompanyMember(tx, tenant.companyId, assigneeId))) {
      throw AppError.badRequest('The assignee must be a member of your company.');
    }
  }

  async function present(taskId: string, tenant: Tenant): Promise<Task> {
    const row = await findTask(db, tenant.companyId, taskId);
    if (!row) throw AppError.notFound('Task not found');
    return presentTaskSummary(row, today());
  }

  async function listForProject(tenant: Tenant, projectId: string): Promise<Task[]> {
    if (!(await findProjectRef(db, tenant.companyId, projectId))) throw AppError.notFound('Claim file not found');
    const day = today();
    return (await listProjectTasks(db, tenant.companyId, projectId)).map((row) => presentTaskSummary(row, day));
  }

  async function listMine(actor: Actor, tenant: Tenant): Promise<Task[]> {
    const day = today();
    return (await listOpenTasksOf(db, tenant.companyId, actor.userId, day, MY_TASKS_LIMIT)).map((row) => presentTaskSummary(row, day));
  }

  async function create(actor: Actor, tenant: Tenant, projectId: string, input: CreateTaskInput): Promise<Task> {
    const id = await db.transaction(async (tx) => {
      const project = await lockProjectRef(tx, tenant.companyId, projectId);
      if (!project) throw AppError.notFound('Claim file not found');
      await assertAssignable(tx, tenant, input.assigneeId);
      const task = await insertTask(tx, {
        companyId: tenant.companyId,
        projectId,
        title: input.title,
        dueDate: input.dueDate ?? null,
        assigneeId: input.assigneeId ?? null,
        createdBy: actor.userId,
      });
      await insertActivity(tx, { companyId: tenant.companyId, projectId, actorId: actor.userId, kind: 'task_created', body: input.title });
      return task.id;
    });
    return present(id, tenant);
  }

  /** Applies the patch; setting done records when (done_at) and writes task_completed or task_reopened. */
  async function update(actor: Actor, tenant: Tenant, taskId: string, input: UpdateTaskInput): Promise<Task> {
    await db.transaction(async (tx) => {
      const task = await lockTask(tx, tenant.companyId, taskId);
      if (!task) throw AppError.notFound('Task not found');
      await assertAssignable(tx, tenant, input.assigneeId);
      const patch: TaskPatch = { title: input.title, dueDate: input.dueDate, assigneeId: input.assigneeId };
      const toggled = input.done !== undefined && input.done !== task.done;
      if (toggled) {
        patch.done = input.done;
        patch.doneAt = input.done ? now() : null;
      }
      await updateTask(tx, tenant.companyId, taskId, patch);
      if (toggled) {
        await insertActivity(tx, {
          companyId: tenant.companyId,
          projectId: task.projectId,
          actorId: actor.userId,
          kind: input.done ? 'task_completed' : 'task_reopened',
          body: input.title ?? task.title,
        });
      }
    });
    return present(taskId, tenant);
  }

  async function remove(actor: Actor, tenant: Tenant, taskId: string): Promise<void> {
    await db.transaction(async (tx) => {
      const task = await lockTask(tx, tenant.companyId, taskId);
      if (!task) throw AppError.notFound('Task not found');
      await deleteTask(tx, tenant.companyId, taskId);
      await insertActivity(tx, { companyId: tenant.companyId, projectId: task.projectId, actorId: actor.userId, kind: 'task_deleted', body: task.title });
    });
  }

  return { listForProject, listMine, create, update, remove };
}

export type ProjectTasksService = ReturnType<typeof createProjectTasksService>;
