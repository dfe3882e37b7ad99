import { useQuery } from '@tanstack/react-query';
import { FRESH_THUMBNAILS, photosQuery } from '../../../lib/api/photos';

// The claim file's photos, the ones a proposal's PDF can show.
export function useProjectPhotos(projectId: string, enabled: boolean) {
  return useQuery({ ...photosQuery({ kind: 'project', id: projectId }), select: ({ photos }) => photos, enabled, ...FRESH_THUMBNAILS });
}
