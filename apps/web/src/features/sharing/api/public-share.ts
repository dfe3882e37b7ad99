import { useQuery } from '@tanstack/react-query';
import { publicShareSchema, type PublicShare } from '@ridgeline/shared/contracts/documents';
import { api } from '../../../lib/api-client';
import { publicShareKey, publicSharePath } from './share-keys';

// GET /api/public/share/:token: what the link shows, with no sign-in (each read is logged as a
// view). A revoked, expired or unknown link answers 404.

export function fetchPublicShare(token: string): Promise<PublicShare> {
  return api.get(publicSharePath(token), { schema: publicShareSchema });
}

/** While a just-signed proposal's PDF is being made, the page asks again this often (its download comes once it is). */
const SIGNED_PDF_POLL_MS = 3000;

export function usePublicShare(token: string) {
  return useQuery({
    queryKey: publicShareKey(token),
    queryFn: () => fetchPublicShare(token),
    retry: false,
    staleTime: Infinity,
    refetchInterval: (query) => (query.state.data?.proposal?.signedPdfPending ? SIGNED_PDF_POLL_MS : false),
  });
}
