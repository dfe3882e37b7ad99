import { useQuery } from '@tanstack/react-query';
import { projectFilesQuery } from '../../../lib/api/project';

// The claim file's files, read to link a signed proposal's PDF (its signed download URL lasts a few
// minutes, so it is read when shown).
export function useProjectFiles(projectId: string, enabled: boolean) {
  return useQuery({ ...projectFilesQuery(projectId), select: ({ files }) => files, enabled, staleTime: 0 });
}
