import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { projectSchema, type Project, type UpdateProjectInput } from '@ridgeline/shared/contracts/projects';
import { api } from '../../../lib/api-client';
import { projectQuery } from '../../../lib/api/project';
import { activeFilesKey, dashboardKey, projectKey, projectsKey } from '../../../lib/api/shared-keys';
import { activityKey } from './activity';

// One claim file: GET (lib/api/project.ts) and PATCH /api/projects/:id, POST /api/projects/:id/archive and /unarchive.
// Another company's project, or a missing one, answers 404 (not retried: a 4xx is an answer).

/** Project ids are uuids: anything else is not asked for (the page shows it as not found). */
export function isProjectId(id: string): boolean {
  return z.uuid().safeParse(id).success;
}

export function useProject(id: string) {
  return useQuery({ ...projectQuery(id), enabled: isProjectId(id) });
}

/** After a write to the project: the project takes the server's answer; lists, counts and its timeline refresh. */
function useProjectWritten(id: string) {
  const client = useQueryClient();
  return (project: Project) => {
    client.setQueryData(projectKey(id), project);
    return Promise.all([
      client.invalidateQueries({ queryKey: projectsKey }),
      client.invalidateQueries({ queryKey: activityKey(id) }),
      client.invalidateQueries({ queryKey: activeFilesKey }),
      client.invalidateQueries({ queryKey: dashboardKey }),
    ]);
  };
}

/** PATCH /api/projects/:id with only the fields that change (each change becomes a field_changed activity). */
export function useUpdateProject(id: string) {
  const written = useProjectWritten(id);
  return useMutation({
    mutationFn: (patch: UpdateProjectInput) => api.patch(`/api/projects/${encodeURIComponent(id)}`, patch, { schema: projectSchema }),
    onSuccess: written,
  });
}

/** POST /api/projects/:id/archive: frees the project's active-file slot. */
export function useArchiveProject(id: string) {
  const written = useProjectWritten(id);
  return useMutation({
    mutationFn: () => api.post(`/api/projects/${encodeURIComponent(id)}/archive`, {}, { schema: projectSchema }),
    onSuccess: written,
  });
}

/** POST /api/projects/:id/unarchive: needs a free active-file slot (409 ACTIVE_FILE_LIMIT otherwise). */
export function useUnarchiveProject(id: string) {
  const written = useProjectWritten(id);
  return useMutation({
    mutationFn: () => api.post(`/api/projects/${encodeURIComponent(id)}/unarchive`, {}, { schema: projectSchema }),
    onSuccess: written,
  });
}
