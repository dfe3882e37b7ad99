import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { projectSchema } from '@ridgeline/shared/contracts/projects';
import { api } from '../../../lib/api-client';

// GET /api/projects/:id: the claim file an inspection starts from (its address and claim prefill the form).

export function fetchProjectForInspection(id: string) {
  return api.get(`/api/projects/${encodeURIComponent(id)}`, { schema: projectSchema });
}

/** Asked for when online and the id is a uuid; the session still names the project when it is not. */
export function useProjectForInspection(id: string | null, online: boolean) {
  const valid = id !== null && z.uuid().safeParse(id).success;
  return useQuery({ queryKey: ['inspections', 'project', id], queryFn: () => fetchProjectForInspection(id ?? ''), enabled: valid && online });
}
