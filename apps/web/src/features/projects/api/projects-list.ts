import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { projectListSchema, type ProjectListQuery } from '@ridgeline/shared/contracts/projects';
import { api } from '../../../lib/api-client';
import { projectsKey } from '../../../lib/api/shared-keys';

/** The query string of a list read (and of the CSV export): only the filters that are set, in a stable order. */
export function projectListSearch(query: ProjectListQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  params.sort();
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** GET /api/projects: one page of the company's claim files, with the total and the active-file count. */
export function fetchProjects(query: ProjectListQuery) {
  return api.get(`/api/projects${projectListSearch(query)}`, { schema: projectListSchema });
}

export function useProjects(query: ProjectListQuery) {
  // The previous page stays on screen while the next one loads (no flash of an empty table).
  return useQuery({ queryKey: [...projectsKey, 'list', query], queryFn: () => fetchProjects(query), placeholderData: keepPreviousData });
}

/** GET /api/projects/export.csv: every matching row, the same filters as the list, no paging. */
export function projectsExportHref(query: ProjectListQuery): string {
  const { page: _page, pageSize: _pageSize, ...filters } = query;
  return `/api/projects/export.csv${projectListSearch(filters)}`;
}
