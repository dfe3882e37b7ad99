import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { projectQuery } from '../../../lib/api/project';

// The claim file an inspection starts from (its address and claim prefill the form).

/** Asked for when online and the id is a uuid; the session still names the project when it is not. */
export function useProjectForInspection(id: string | null, online: boolean) {
  const valid = id !== null && z.uuid().safeParse(id).success;
  return useQuery({ ...projectQuery(id ?? ''), enabled: valid && online });
}
