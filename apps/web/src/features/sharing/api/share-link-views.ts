import { useQuery } from '@tanstack/react-query';
import { shareLinkViewsResponseSchema } from '@ridgeline/shared/contracts/documents';
import { api } from '../../../lib/api-client';
import { shareLinkPath, shareLinkViewsKey } from './share-keys';

// GET /api/share-links/:id/views: who opened the link: when, from which address, which browser.

export function fetchShareLinkViews(id: string) {
  return api.get(`${shareLinkPath(id)}/views`, { schema: shareLinkViewsResponseSchema });
}

export function useShareLinkViews(id: string, enabled: boolean) {
  return useQuery({ queryKey: shareLinkViewsKey(id), queryFn: () => fetchShareLinkViews(id), enabled, staleTime: 0 });
}
