import { photoSchema, type MovePhotoInput } from '@ridgeline/shared/contracts/photos';
import { api } from '../../../lib/api-client';
import { photoPath, usePhotoWrite } from './photo-write';

/** POST /api/photos/:id/move: to another session of the company, or onto a project. */
export const useMovePhoto = () =>
  usePhotoWrite(({ id, to }: { id: string; to: MovePhotoInput }) => api.post(`${photoPath(id)}/move`, to, { schema: photoSchema }));
