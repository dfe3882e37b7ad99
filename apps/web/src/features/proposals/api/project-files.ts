import { useQuery } from '@tanstack/react-query';
import { projectFileListSchema, type ProjectFile } from '@ridgeline/shared/contracts/projects';
import { api } from '../../../lib/api-client';
import { proposalFilesKey } from './proposal-keys';

// GET /api/projects/:id/files: the claim file's files, read to link a signed proposal's PDF (its
// signed download URL lasts a few minutes, so it is read when shown).

export async function fetchProjectFiles(projectId: string): Promise<ProjectFile[]> {
  return (await api.get(`/api/projects/${encodeURIComponent(projectId)}/files`, { schema: projectFileListSchema })).files;
}

export function useProjectFiles(projectId: string, enabled: boolean) {
  return useQuery({ queryKey: proposalFilesKey(projectId), queryFn: () => fetchProjectFiles(projectId), enabled, staleTime: 0 });
}
