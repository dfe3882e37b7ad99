import { useMutation, useQueryClient } from '@tanstack/react-query';
import { shareLinkResponseSchema, type CreateShareLinkInput, type ShareLink } from '@ridgeline/shared/contracts/documents';
import { api } from '../../../lib/api-client';
import { shareLinksKey } from './share-keys';

// POST /api/share-links: a signed, expiring link to one report or one proposal of the claim file.

export async function createShareLink(input: CreateShareLinkInput): Promise<ShareLink> {
  return (await api.post('/api/share-links', input, { schema: shareLinkResponseSchema })).link;
}

export function useCreateShareLink() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createShareLink, onSettled: () => client.invalidateQueries({ queryKey: shareLinksKey }) });
}
