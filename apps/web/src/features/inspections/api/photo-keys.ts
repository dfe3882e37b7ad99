import { photosKey } from '../../../lib/api/shared-keys';

// Query keys of the photo screens: every photo write invalidates `photosKey` (every gallery and photo,
// the proposals' and reports' photos too), shared with the other features that list photos.
export { photosKey };
export const photoKey = (id: string) => [...photosKey, 'one', id] as const;
