import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { taskListSchema, taskSchema, type CreateTaskInput, type UpdateTaskInput } from '@ridgeline/shared/contracts/projects';
import { api } from '../../../lib/api-client';
import { dashboardKey } from '../../../lib/api/shared-keys';
import { activityKey } from './activity';

// A project's tasks: GET/POST /api/projects/:id/tasks, PATCH/DELETE /api/tasks/:id. Each write is
// also on the project's timeline and may change "my tasks" on the dashboard (its ['dashboard'] read).
export const tasksKey = (projectId: string) => ['project-tasks', projectId] as const;

export function useProjectTasks(projectId: string) {
  return useQuery({
    queryKey: tasksKey(projectId),
    queryFn: () => api.get(`/api/projects/${encodeURIComponent(projectId)}/tasks`, { schema: taskListSchema }),
  });
}

function useTaskWrite<TInput, TResult>(projectId: string, mutationFn: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: tasksKey(projectId) }),
        client.invalidateQueries({ queryKey: activityKey(projectId) }),
        client.invalidateQueries({ queryKey: dashboardKey }),
      ]),
  });
}

export const useCreateTask = (projectId: string) =>
  useTaskWrite(projectId, (input: CreateTaskInput) => api.post(`/api/projects/${encodeURIComponent(projectId)}/tasks`, input, { schema: taskSchema }));

export const useUpdateTask = (projectId: string) =>
  useTaskWrite(projectId, ({ id, patch }: { id: string; patch: UpdateTaskInput }) =>
    api.patch(`/api/tasks/${encodeURIComponent(id)}`, patch, { schema: taskSchema }),
  );

export const useDeleteTask = (projectId: string) => useTaskWrite(projectId, (id: string) => api.delete(`/api/tasks/${encodeURIComponent(id)}`));
