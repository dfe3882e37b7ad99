import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { photoListSchema, type PhotoListQuery } from '@ridgeline/shared/contracts/photos';
import { api } from '../../../lib/api-client';
import { photoListKey, type PhotoSource } from './photo-keys';

// GET /api/inspections/:id/photos and GET /api/projects/:id/photos: a session's or a project's photos,
// filtered by category, subcategory, phase, structure; `deleted: '1'` lists the restorable ones.

function search(query: PhotoListQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  params.sort();
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function photoListPath(source: PhotoSource, query: PhotoListQuery = {}): string {
  const base = source.kind === 'session' ? '/api/inspections' : '/api/projects';
  return `${base}/${encodeURIComponent(source.id)}/photos${search(query)}`;
}

export function fetchPhotos(source: PhotoSource, query: PhotoListQuery = {}) {
  return api.get(photoListPath(source, query), { schema: photoListSchema });
}

export function usePhotos(source: PhotoSource, query: PhotoListQuery = {}, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: photoListKey(source, query),
    queryFn: () => fetchPhotos(source, query),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}
