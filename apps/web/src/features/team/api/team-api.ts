import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invitationSchema, memberSchema, type CompanyRoleInput, type InviteInput } from '@ridgeline/shared/contracts/team';
import { api } from '../../../lib/api-client';
import { teamKey } from '../../../lib/api/team';

// The team writes: one fetcher and hook each; they refresh the ['team'] query (read in lib/api/team).

export function useInviteMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteInput) => api.post('/api/team/invitations', input, { schema: invitationSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: teamKey }),
  });
}

export function useRevokeInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/team/invitations/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: teamKey }),
  });
}

export function useChangeRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: CompanyRoleInput }) =>
      api.patch(`/api/team/members/${id}`, { role }, { schema: memberSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: teamKey }),
  });
}

export function useRemoveMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/team/members/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: teamKey }),
  });
}
