import { queryOptions, useQuery } from '@tanstack/react-query';
import { meSchema } from '@ridgeline/shared/contracts/team-views';
import { api } from '../api-client';
import { readThrough } from '../offline-cache';

// The signed-in user's own profile (GET /api/me): the shell, the dashboard, the admin gates and
// several pages read it, so it lives below the features; the profile feature owns the writes.
export const meQuery = queryOptions({ queryKey: ['me'] as const, queryFn: () => readThrough('me', () => api.get('/api/me', { schema: meSchema })) });

export const meKey = meQuery.queryKey;

export function useMe() {
  return useQuery(meQuery);
}
