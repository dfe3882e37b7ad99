import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invitationSchema, memberSchema, type CompanyRoleInput, type InviteInput } from '@ridgeline/shared/contracts/team';
import { api } from '../../../lib/api-client';
import { teamKey } from '../../../lib/api/team';

// The team writes: one fetcher and hook each; they refresh the ['team'] query (read in lib/api/team).

/** A team write that refreshes the team when it succeeds. */
function useTeamWrite<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: teamKey }) });
}

export const useInviteMember = () => useTeamWrite((input: InviteInput) => api.post('/api/team/invitations', input, { schema: invitationSchema }));

export const useRevokeInvitation = () => useTeamWrite((id: string) => api.delete(`/api/team/invitations/${id}`));

export const useChangeRole = () =>
  useTeamWrite(({ id, role }: { id: string; role: CompanyRoleInput }) => api.patch(`/api/team/members/${id}`, { role }, { schema: memberSchema }));

export const useRemoveMember = () => useTeamWrite((id: string) => api.delete(`/api/team/members/${id}`));
