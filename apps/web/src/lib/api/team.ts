import { queryOptions, useQuery } from '@tanstack/react-query';
import { teamResponseSchema } from '@ridgeline/shared/contracts/team-views';
import { api } from '../api-client';
import { readThrough } from '../offline-cache';

// The team (GET /api/team): read by the team page and the dashboard; the team feature owns the writes.
export const teamQuery = queryOptions({
  queryKey: ['team'] as const,
  queryFn: () => readThrough('team', () => api.get('/api/team', { schema: teamResponseSchema })),
});

export const teamKey = teamQuery.queryKey;

export function useTeam() {
  return useQuery(teamQuery);
}
