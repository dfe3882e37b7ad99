import type { PhotoListQuery } from '@ridgeline/shared/contracts/photos';

// Query keys of the photo screens: every photo write invalidates `photosKey` (every gallery and photo).
export const photosKey = ['photos'] as const;
export type PhotoSource = { kind: 'session' | 'project'; id: string };
export const photoListKey = (source: PhotoSource, query: PhotoListQuery) => [...photosKey, 'list', source.kind, source.id, query] as const;
export const photoKey = (id: string) => [...photosKey, 'one', id] as const;
