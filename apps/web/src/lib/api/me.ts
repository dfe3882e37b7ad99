import { useQuery } from '@tanstack/react-query';
import { meSchema } from '@ridgeline/shared/contracts/team-views';
import { api } from '../api-client';
import { readThrough } from '../offline-cache';

// The signed-in user's own profile (GET /api/me): the shell, the dashboard, the admin gates and
// several pages read it, so it lives below the features; the profile feature owns the writes.
export const meKey = ['me'] as const;

export function useMe() {
  return useQuery({ queryKey: meKey, queryFn: () => readThrough('me', () => api.get('/api/me', { schema: meSchema })) });
}
