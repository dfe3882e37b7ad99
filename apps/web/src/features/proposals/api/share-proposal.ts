import { useMutation, useQueryClient } from '@tanstack/react-query';
import { shareLinkResponseSchema, type ShareLink } from '@ridgeline/shared/contracts/documents';
import { api } from '../../../lib/api-client';
import { proposalsKey, shareLinksListKey } from './proposal-keys';

// POST /api/share-links { proposalId, audience: 'homeowner' }: the link the homeowner opens to pick
// an option and sign (valid for the default number of days).

export async function shareProposal(proposalId: string): Promise<ShareLink> {
  return (await api.post('/api/share-links', { proposalId, audience: 'homeowner' }, { schema: shareLinkResponseSchema })).link;
}

export function useShareProposal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: shareProposal,
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: shareLinksListKey });
      await client.invalidateQueries({ queryKey: proposalsKey });
    },
  });
}
