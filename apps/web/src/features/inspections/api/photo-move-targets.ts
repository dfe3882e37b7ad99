import { useQuery } from '@tanstack/react-query';
import { inspectionListSchema } from '@ridgeline/shared/contracts/inspections';
import { projectListSchema } from '@ridgeline/shared/contracts/projects';
import { api } from '../../../lib/api-client';
import { photosKey } from './photo-keys';

// Where a photo can move: the company's sessions (GET /api/inspections, newest activity first) and
// its claim files (GET /api/projects), read when the move form opens.

export function usePhotoMoveTargets(enabled: boolean) {
  return useQuery({
    queryKey: [...photosKey, 'move-targets'],
    enabled,
    queryFn: async () => {
      const [sessions, projects] = await Promise.all([
        api.get('/api/inspections?pageSize=100', { schema: inspectionListSchema }),
        api.get('/api/projects?pageSize=100&sort=updated', { schema: projectListSchema }),
      ]);
      return { sessions: sessions.sessions, projects: projects.projects };
    },
  });
}
