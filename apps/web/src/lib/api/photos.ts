import { queryOptions } from '@tanstack/react-query';
import { photoListSchema, type PhotoListQuery } from '@ridgeline/shared/contracts/photos';
import { api } from '../api-client';
import { photosKey } from './shared-keys';

// GET /api/inspections/:id/photos and GET /api/projects/:id/photos: a session's or a claim file's
// photos, filtered by category, subcategory, phase, structure; `deleted: '1'` lists the restorable
// ones. The galleries, a proposal's photos and a report's source photos read it, below the photos'
// key, so a photo write or a photo's new thumbnails refresh every one of them.

export type PhotoSource = { kind: 'session' | 'project'; id: string };

function search(query: PhotoListQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  params.sort();
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function photosQuery(source: PhotoSource, query: PhotoListQuery = {}) {
  const base = source.kind === 'session' ? '/api/inspections' : '/api/projects';
  return queryOptions({
    queryKey: [...photosKey, 'list', source.kind, source.id, query],
    queryFn: () => api.get(`${base}/${encodeURIComponent(source.id)}/photos${search(query)}`, { schema: photoListSchema }),
  });
}

/** The thumbnails' signed URLs last 300 s: a screen that keeps photos open reads them again before they expire. */
export const FRESH_THUMBNAILS = { staleTime: 60_000, refetchInterval: 240_000 } as const;
