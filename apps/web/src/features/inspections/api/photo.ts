import { useQuery } from '@tanstack/react-query';
import { photoSchema } from '@ridgeline/shared/contracts/photos';
import { api } from '../../../lib/api-client';
import { photoKey } from './photo-keys';

// GET /api/photos/:id: one photo with its signed, expiring URLs and its annotation.

export const fetchPhoto = (id: string) => api.get(`/api/photos/${encodeURIComponent(id)}`, { schema: photoSchema });

export function usePhoto(id: string | null) {
  return useQuery({ queryKey: photoKey(id ?? ''), queryFn: () => fetchPhoto(id ?? ''), enabled: Boolean(id), retry: false });
}
