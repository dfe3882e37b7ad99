import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PhotoListQuery } from '@ridgeline/shared/contracts/photos';
import { photosQuery, type PhotoSource } from '../../../lib/api/photos';

export function usePhotos(source: PhotoSource, query: PhotoListQuery = {}, options: { enabled?: boolean } = {}) {
  return useQuery({ ...photosQuery(source, query), placeholderData: keepPreviousData, enabled: options.enabled ?? true });
}
