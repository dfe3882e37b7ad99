import { useQuery } from '@tanstack/react-query';
import { photoListSchema, type Photo } from '@ridgeline/shared/contracts/photos';
import { api } from '../../../lib/api-client';
import { photosKey } from '../../../lib/api/shared-keys';

// GET /api/projects/:id/photos: the claim file's photos, the ones a proposal's PDF can show.

export async function fetchProjectPhotos(projectId: string): Promise<Photo[]> {
  return (await api.get(`/api/projects/${encodeURIComponent(projectId)}/photos`, { schema: photoListSchema })).photos;
}

export function useProjectPhotos(projectId: string, enabled: boolean) {
  return useQuery({
    // Below the photos' key: a photo's new thumbnails (or any photo write) refresh it.
    queryKey: [...photosKey, 'proposal', projectId],
    queryFn: () => fetchProjectPhotos(projectId),
    enabled,
    // The thumbnails' signed URLs last 300 s: read them again before they expire.
    staleTime: 60_000,
    refetchInterval: 240_000,
  });
}
