import { photoSchema, type UpdatePhotoInput } from '@ridgeline/shared/contracts/photos';
import { api } from '../../../lib/api-client';
import { photoPath, usePhotoWrite } from './photo-write';

/** PATCH /api/photos/:id: retag (category, subcategory, phase, photo type, notes). */
export const useUpdatePhoto = () =>
  usePhotoWrite(({ id, patch }: { id: string; patch: UpdatePhotoInput }) => api.patch(photoPath(id), patch, { schema: photoSchema }));
