import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  projectStatusListSchema,
  projectStatusSchema,
  type CreateProjectStatusInput,
  type ProjectStatusList,
  type UpdateProjectStatusInput,
} from '@ridgeline/shared/contracts/projects';
import { api } from '../../../lib/api-client';
import { projectsKey } from '../../../lib/api/shared-keys';
import { projectStatusesKey } from './project-statuses';

// The pipeline's writes (owners and managers): POST /api/project-statuses, PATCH and DELETE
// /api/project-statuses/:id, POST /api/project-statuses/reorder. Each refreshes the pipeline and the
// lists that show status names.

function useStatusWrite<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: projectStatusesKey }), client.invalidateQueries({ queryKey: projectsKey })]),
  });
}

export function useCreateStatus() {
  return useStatusWrite((input: CreateProjectStatusInput) => api.post('/api/project-statuses', input, { schema: projectStatusSchema }));
}

export function useUpdateStatus() {
  return useStatusWrite(({ id, patch }: { id: string; patch: UpdateProjectStatusInput }) =>
    api.patch(`/api/project-statuses/${id}`, patch, { schema: projectStatusSchema }),
  );
}

export function useDeleteStatus() {
  return useStatusWrite((id: string) => api.delete(`/api/project-statuses/${id}`));
}

/** Reorders at once on screen (every status id, in the new order), then puts back what the server says. */
export function useReorderStatuses() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api.post('/api/project-statuses/reorder', { ids }, { schema: projectStatusListSchema }),
    onMutate: async (ids) => {
      await client.cancelQueries({ queryKey: projectStatusesKey });
      const previous = client.getQueryData<ProjectStatusList>(projectStatusesKey);
      if (previous) {
        const byId = new Map(previous.statuses.map((status) => [status.id, status]));
        const statuses = ids.flatMap((id, position) => {
          const status = byId.get(id);
          return status ? [{ ...status, position }] : [];
        });
        client.setQueryData<ProjectStatusList>(projectStatusesKey, { statuses });
      }
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) client.setQueryData(projectStatusesKey, context.previous);
    },
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: projectStatusesKey }), client.invalidateQueries({ queryKey: projectsKey })]),
  });
}
