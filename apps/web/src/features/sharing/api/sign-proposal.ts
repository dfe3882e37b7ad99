import { useMutation, useQueryClient } from '@tanstack/react-query';
import { publicShareSchema, type PublicShare, type SignProposalInput } from '@ridgeline/shared/contracts/documents';
import { api } from '../../../lib/api-client';
import { publicShareKey, publicSharePath } from './share-keys';

// POST /api/public/share/:token/sign: the homeowner's choice and signature; answers the page as
// signed (409 PROPOSAL_SIGNED when it already was).

export function signProposal({ token, input }: { token: string; input: SignProposalInput }): Promise<PublicShare> {
  return api.post(`${publicSharePath(token)}/sign`, input, { schema: publicShareSchema });
}

export function useSignProposal(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SignProposalInput) => signProposal({ token, input }),
    onSuccess: (share) => client.setQueryData(publicShareKey(token), share),
  });
}
