import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectSchema, type ChangeProjectStatusInput } from '@ridgeline/shared/contracts/projects';
import { api } from '../../../lib/api-client';
import { activeFilesKey, dashboardKey, projectKey, projectsKey } from '../../../lib/api/shared-keys';

/** POST /api/projects/:id/status: moves a project (board drag, detail pipeline); 409 when reopening needs a slot the plan lacks. */
export async function changeProjectStatus(id: string, input: ChangeProjectStatusInput) {
  return api.post(`/api/projects/${id}/status`, input, { schema: projectSchema });
}

export function useChangeProjectStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, statusId }: { id: string; statusId: string }) => changeProjectStatus(id, { statusId }),
    onSettled: (_data, _error, { id }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: projectsKey }),
        client.invalidateQueries({ queryKey: projectKey(id) }),
        client.invalidateQueries({ queryKey: activeFilesKey }),
        client.invalidateQueries({ queryKey: dashboardKey }),
      ]),
  });
}
