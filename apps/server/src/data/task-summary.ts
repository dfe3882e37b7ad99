import type { Task } from '@ridgeline/shared/contracts/projects';
import { isTaskOverdue } from '@ridgeline/shared/domain/tasks';
import { displayName } from '@ridgeline/shared/domain/users';
import { projects, projectTasks, user } from '../infra/db/schema/index';

// A task as the project page and the dashboard show it: its project's title and its assignee's name
// (the `user` table joined by the caller on the assignee), written once so both read the same.

export const taskSummaryColumns = {
  id: projectTasks.id,
  projectId: projectTasks.projectId,
  projectTitle: projects.title,
  title: projectTasks.title,
  dueDate: projectTasks.dueDate,
  assigneeId: projectTasks.assigneeId,
  assigneeFirstName: user.firstName,
  assigneeLastName: user.lastName,
  assigneeName: user.name,
  assigneeEmail: user.email,
  done: projectTasks.done,
  createdAt: projectTasks.createdAt,
};

export type TaskSummaryRow = {
  id: string;
  projectId: string;
  projectTitle: string;
  title: string;
  dueDate: string | null;
  assigneeId: string | null;
  assigneeFirstName: string | null;
  assigneeLastName: string | null;
  assigneeName: string | null;
  assigneeEmail: string | null;
  done: boolean;
  createdAt: Date;
};

/** A task row as the shared contract's Task; overdue by the shared rule against `today`. */
export function presentTaskSummary(row: TaskSummaryRow, today: string): Task {
  return {
    id: row.id,
    projectId: row.projectId,
    projectTitle: row.projectTitle,
    title: row.title,
    dueDate: row.dueDate,
    assignee: row.assigneeId
      ? {
          id: row.assigneeId,
          name: displayName({ firstName: row.assigneeFirstName, lastName: row.assigneeLastName, name: row.assigneeName, email: row.assigneeEmail }),
        }
      : null,
    done: row.done,
    overdue: isTaskOverdue(row, today),
    createdAt: row.createdAt.toISOString(),
  };
}
