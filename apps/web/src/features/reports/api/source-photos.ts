import { useQuery } from '@tanstack/react-query';
import { FRESH_THUMBNAILS, photosQuery, type PhotoSource } from '../../../lib/api/photos';

// The photos of the claim file or inspection a report is made from, the ones the editor can place in
// its sections.

export type ReportPhotoSource = { projectId: string | null; sessionId: string | null };

function photoSource(source: ReportPhotoSource): PhotoSource | null {
  if (source.projectId) return { kind: 'project', id: source.projectId };
  if (source.sessionId) return { kind: 'session', id: source.sessionId };
  return null;
}

export function useSourcePhotos(source: ReportPhotoSource, options: { enabled?: boolean } = {}) {
  const from = photoSource(source);
  return useQuery({
    ...photosQuery(from ?? { kind: 'project', id: '' }),
    select: ({ photos }) => photos,
    enabled: (options.enabled ?? true) && from !== null,
    ...FRESH_THUMBNAILS,
  });
}
