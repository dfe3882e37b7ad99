import { useQuery } from '@tanstack/react-query';
import { shareLinkListResponseSchema, type ShareLink } from '@ridgeline/shared/contracts/documents';
import { api } from '../../../lib/api-client';
import { shareLinkListKey } from './share-keys';

// GET /api/share-links?projectId=: the claim file's share links, with their state and views.

export async function fetchShareLinks(projectId: string): Promise<ShareLink[]> {
  return (await api.get(`/api/share-links?projectId=${encodeURIComponent(projectId)}`, { schema: shareLinkListResponseSchema })).links;
}

export function useShareLinks(projectId: string) {
  return useQuery({ queryKey: shareLinkListKey(projectId), queryFn: () => fetchShareLinks(projectId) });
}
