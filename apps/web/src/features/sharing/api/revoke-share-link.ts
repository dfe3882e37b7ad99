import { useMutation, useQueryClient } from '@tanstack/react-query';
import { shareLinkResponseSchema, type ShareLink } from '@ridgeline/shared/contracts/documents';
import { api } from '../../../lib/api-client';
import { shareLinkPath, shareLinksKey } from './share-keys';

// POST /api/share-links/:id/revoke: the link stops working at once, for good.

export async function revokeShareLink(id: string): Promise<ShareLink> {
  return (await api.post(`${shareLinkPath(id)}/revoke`, {}, { schema: shareLinkResponseSchema })).link;
}

export function useRevokeShareLink() {
  const client = useQueryClient();
  return useMutation({ mutationFn: revokeShareLink, onSettled: () => client.invalidateQueries({ queryKey: shareLinksKey }) });
}
