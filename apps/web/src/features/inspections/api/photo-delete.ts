import { api } from '../../../lib/api-client';
import { photoPath, usePhotoWrite } from './photo-write';

/** DELETE /api/photos/:id: a soft delete (204); restorable for 30 days. */
export const useDeletePhoto = () => usePhotoWrite((id: string) => api.delete(photoPath(id)));
