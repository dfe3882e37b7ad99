import { useQuery } from '@tanstack/react-query';
import { estimatesQuery } from '../../../lib/api/estimates';

// The claim file's estimates (every version, newest first), what a proposal is built from.
export function useProjectEstimates(projectId: string, enabled: boolean) {
  return useQuery({ ...estimatesQuery({ projectId }), select: ({ estimates }) => estimates, enabled });
}
