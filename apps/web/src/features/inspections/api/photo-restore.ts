import { photoSchema } from '@ridgeline/shared/contracts/photos';
import { api } from '../../../lib/api-client';
import { photoPath, usePhotoWrite } from './photo-write';

/** POST /api/photos/:id/restore: brings a deleted photo back within its 30 days. */
export const useRestorePhoto = () => usePhotoWrite((id: string) => api.post(`${photoPath(id)}/restore`, {}, { schema: photoSchema }));
