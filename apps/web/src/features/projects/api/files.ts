import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { projectFileSchema } from '@ridgeline/shared/contracts/projects';
import { api } from '../../../lib/api-client';
import { projectFilesQuery } from '../../../lib/api/project';
import { projectFilesKey } from '../../../lib/api/shared-keys';
import { activityKey } from './activity';

// A project's files: GET /api/projects/:id/files (lib/api/project.ts); PUT /api/projects/:id/files?name=<file name> with
// the file's raw bytes as the body (the server reads the real type from them); DELETE
// /api/project-files/:id. Downloads go through each file's signed, expiring url.

/** What the file input offers: PDF, images and Office documents (the server decides from the bytes). */
export const PROJECT_FILE_ACCEPT = ['application/pdf', 'image/*', '.doc', '.docx', '.xls', '.xlsx', '.ppt', '.pptx'].join(',');

export function useProjectFiles(projectId: string) {
  return useQuery(projectFilesQuery(projectId));
}

function useFileWrite<TInput, TResult>(projectId: string, mutationFn: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([client.invalidateQueries({ queryKey: projectFilesKey(projectId) }), client.invalidateQueries({ queryKey: activityKey(projectId) })]),
  });
}

export const useUploadProjectFile = (projectId: string) =>
  useFileWrite(projectId, (file: File) =>
    api.put(`/api/projects/${encodeURIComponent(projectId)}/files?name=${encodeURIComponent(file.name)}`, file, { schema: projectFileSchema }),
  );

export const useDeleteProjectFile = (projectId: string) => useFileWrite(projectId, (id: string) => api.delete(`/api/project-files/${encodeURIComponent(id)}`));
