import { useQuery } from '@tanstack/react-query';
import { proposalsQuery } from '../../../lib/api/documents';

export function useProposals(projectId: string) {
  return useQuery({ ...proposalsQuery(projectId), select: ({ proposals }) => proposals });
}
