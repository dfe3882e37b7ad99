import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meSchema, type UpdateMeInput } from '@ridgeline/shared/contracts/team';
import { api } from '../../../lib/api-client';
import { meKey } from '../../../lib/api/me';

// The signed-in user's own profile writes (PATCH /api/me, PUT /api/me/avatar); the read is lib/api/me.

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
