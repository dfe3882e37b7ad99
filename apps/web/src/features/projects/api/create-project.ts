import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectSchema, type CreateProjectInput } from '@ridgeline/shared/contracts/projects';
import { api } from '../../../lib/api-client';
import { activeFilesKey, dashboardKey, projectsKey } from '../../../lib/api/shared-keys';
import { projectStatusesKey } from './project-statuses';

/** POST /api/projects: 201 with the project; 409 ACTIVE_FILE_LIMIT when the plan has no free slot. */
export function createProject(input: CreateProjectInput) {
  return api.post('/api/projects', input, { schema: projectSchema });
}

export function useCreateProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: projectsKey }),
        client.invalidateQueries({ queryKey: activeFilesKey }),
        client.invalidateQueries({ queryKey: projectStatusesKey }),
        client.invalidateQueries({ queryKey: dashboardKey }),
      ]),
  });
}
