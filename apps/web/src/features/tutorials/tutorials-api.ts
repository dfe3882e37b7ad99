import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { tutorialListSchema, tutorialSchema, type CreateTutorialInput, type UpdateTutorialInput } from '@ridgeline/shared/contracts/tutorials';
import { api } from '../../lib/api-client';
import { tutorialsKey } from './page-tutorial-api';

export function useAllTutorials() {
  return useQuery({ queryKey: [...tutorialsKey, 'all'], queryFn: () => api.get('/api/tutorials/all', { schema: tutorialListSchema }) });
}

export function useSaveTutorial() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: CreateTutorialInput | UpdateTutorialInput }) =>
      id ? api.patch(`/api/admin/tutorials/${id}`, input, { schema: tutorialSchema }) : api.post('/api/admin/tutorials', input, { schema: tutorialSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: tutorialsKey }),
  });
}
