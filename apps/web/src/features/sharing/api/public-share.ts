import { useQuery } from '@tanstack/react-query';
import { publicShareSchema, type PublicShare } from '@ridgeline/shared/contracts/documents';
import { api } from '../../../lib/api-client';
import { publicShareKey, publicSharePath } from './share-keys';

// GET /api/public/share/:token: what the link shows, with no sign-in (each read is logged as a
// view). A revoked, expired or unknown link answers 404.

export function fetchPublicShare(token: string): Promise<PublicShare> {
  return api.get(publicSharePath(token), { schema: publicShareSchema });
}

export function usePublicShare(token: string) {
  return useQuery({ queryKey: publicShareKey(token), queryFn: () => fetchPublicShare(token), retry: false, staleTime: Infinity });
}
