import { photoSchema, type SaveAnnotationInput } from '@ridgeline/shared/contracts/photos';
import { api } from '../../../lib/api-client';
import { photoPath, usePhotoWrite } from './photo-write';

/** PUT /api/photos/:id/annotation: replaces the drawing (null removes it); the photo's file never changes. */
export const useSavePhotoAnnotation = () =>
  usePhotoWrite(({ id, annotation }: { id: string } & SaveAnnotationInput) => api.put(`${photoPath(id)}/annotation`, { annotation }, { schema: photoSchema }));
