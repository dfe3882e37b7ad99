import { useMutation, useQueryClient } from '@tanstack/react-query';
import { shareLinkResponseSchema, type EmailShareLinkInput, type ShareLink } from '@ridgeline/shared/contracts/documents';
import { api } from '../../../lib/api-client';
import { shareLinkPath, shareLinksKey } from './share-keys';

// POST /api/share-links/:id/email: sends an active link by email from the product; the send is
// logged on the link (to whom, by whom, when).

export async function emailShareLink({ id, input }: { id: string; input: EmailShareLinkInput }): Promise<ShareLink> {
  return (await api.post(`${shareLinkPath(id)}/email`, input, { schema: shareLinkResponseSchema })).link;
}

export function useEmailShareLink() {
  const client = useQueryClient();
  return useMutation({ mutationFn: emailShareLink, onSettled: () => client.invalidateQueries({ queryKey: shareLinksKey }) });
}
