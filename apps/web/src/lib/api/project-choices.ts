import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { projectListSchema } from '@ridgeline/shared/contracts/projects';
import { api } from '../api-client';

// GET /api/projects?q=: the claim files to choose from (homeowner, address, claim number or carrier
// matching the search), most recently changed first, with the plan's active-file count. Pickers of
// several features read it: attaching an inspection, saving a measurement to a claim file, the
// sources of a report, the claim file of a shingle identification.

export const PROJECT_CHOICES_PAGE_SIZE = 25;

export function projectChoicesPath(search: string): string {
  const params = new URLSearchParams({ pageSize: String(PROJECT_CHOICES_PAGE_SIZE), sort: 'updated', dir: 'desc' });
  const q = search.trim();
  if (q) params.set('q', q);
  params.sort();
  return `/api/projects?${params.toString()}`;
}

export function projectChoicesQuery(search: string) {
  return queryOptions({ queryKey: ['project-choices', search.trim()], queryFn: () => api.get(projectChoicesPath(search), { schema: projectListSchema }) });
}

/** The previous choices stay on screen while the next search loads. */
export function useProjectChoices(search: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...projectChoicesQuery(search), placeholderData: keepPreviousData, enabled: options.enabled ?? true });
}
