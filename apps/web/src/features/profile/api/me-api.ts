import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { meSchema, type UpdateMeInput } from '@ridgeline/shared/contracts/team';
import { api } from '../../../lib/api-client';

// The signed-in user's own profile (GET/PATCH /api/me, PUT /api/me/avatar).
export const meKey = ['me'] as const;

export function useMe() {
  return useQuery({ queryKey: meKey, queryFn: () => api.get('/api/me', { schema: meSchema }) });
}

export function useUpdateMe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateMeInput) => api.patch('/api/me', input, { schema: meSchema }),
    onSuccess: (me) => client.setQueryData(meKey, me),
  });
}

export function useUploadAvatar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: Blob) => api.put('/api/me/avatar', file, { schema: meSchema }),
    onSuccess: (me) => client.setQueryData(meKey, me),
  });
}
