import { queryOptions } from '@tanstack/react-query';
import { projectFileListSchema, projectSchema } from '@ridgeline/shared/contracts/projects';
import { api } from '../api-client';
import { projectFilesKey, projectKey } from './shared-keys';

// One claim file's reads that several features show: GET /api/projects/:id (the claim file's page,
// the inspection started from it) and GET /api/projects/:id/files (its Files and Services tabs, a
// signed proposal's PDF). Another company's project, or a missing one, answers 404.

export function projectQuery(id: string) {
  return queryOptions({ queryKey: projectKey(id), queryFn: () => api.get(`/api/projects/${encodeURIComponent(id)}`, { schema: projectSchema }) });
}

export function projectFilesQuery(projectId: string) {
  return queryOptions({
    queryKey: projectFilesKey(projectId),
    queryFn: () => api.get(`/api/projects/${encodeURIComponent(projectId)}/files`, { schema: projectFileListSchema }),
  });
}
