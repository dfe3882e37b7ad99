import { useQuery } from '@tanstack/react-query';
import { projectStatusListSchema } from '@ridgeline/shared/contracts/projects';
import { api } from '../../../lib/api-client';

// GET /api/project-statuses: the company's pipeline in order (the board's columns, the status pickers).
export const projectStatusesKey = ['project-statuses'] as const;

export function useProjectStatuses() {
  return useQuery({ queryKey: projectStatusesKey, queryFn: () => api.get('/api/project-statuses', { schema: projectStatusListSchema }) });
}
