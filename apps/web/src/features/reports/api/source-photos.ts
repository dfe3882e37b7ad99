import { useQuery } from '@tanstack/react-query';
import { photoListSchema, type Photo } from '@ridgeline/shared/contracts/photos';
import { api } from '../../../lib/api-client';
import { photosKey } from '../../../lib/api/shared-keys';

// GET /api/projects/:id/photos or GET /api/inspections/:id/photos: the photos of the claim file or
// inspection a report is made from, the ones the editor can place in its sections.

export type ReportPhotoSource = { projectId: string | null; sessionId: string | null };

export function sourcePhotosPath(source: ReportPhotoSource): string | null {
  if (source.projectId) return `/api/projects/${encodeURIComponent(source.projectId)}/photos`;
  if (source.sessionId) return `/api/inspections/${encodeURIComponent(source.sessionId)}/photos`;
  return null;
}

export async function fetchSourcePhotos(source: ReportPhotoSource): Promise<Photo[]> {
  const path = sourcePhotosPath(source);
  if (!path) return [];
  return (await api.get(path, { schema: photoListSchema })).photos;
}

export function useSourcePhotos(source: ReportPhotoSource, options: { enabled?: boolean } = {}) {
  return useQuery({
    // Below the photos' key: a photo's new thumbnails (or any photo write) refresh it.
    queryKey: [...photosKey, 'report-source', source.projectId ?? '', source.sessionId ?? ''],
    queryFn: () => fetchSourcePhotos(source),
    enabled: (options.enabled ?? true) && sourcePhotosPath(source) !== null,
    // The thumbnails' signed URLs last 300 s: read them again before they expire.
    staleTime: 60_000,
    refetchInterval: 240_000,
  });
}
