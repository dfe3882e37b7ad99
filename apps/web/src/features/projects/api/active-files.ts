import { useQuery } from '@tanstack/react-query';
import { activeFilesSchema } from '@ridgeline/shared/contracts/projects';
import { api } from '../../../lib/api-client';
import { activeFilesKey } from '../../../lib/api/shared-keys';

/** GET /api/projects/active-files: how many active files the company has against its plan's limit. */
export function useActiveFiles() {
  return useQuery({ queryKey: activeFilesKey, queryFn: () => api.get('/api/projects/active-files', { schema: activeFilesSchema }) });
}

/** "7 of 25 active files" */
export function activeFilesText(active: number, limit: number): string {
  return `${active} of ${limit} active files`;
}
