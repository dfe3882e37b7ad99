import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { passageListSchema, passageSchema, type CreatePassageInput, type UpdatePassageInput } from '@ridgeline/shared/contracts/assistant';
import { api } from '../../../lib/api-client';

// The knowledge base as platform admins keep it: GET/POST /api/admin/knowledge, PATCH /api/admin/knowledge/:id.

const knowledgeKey = ['admin', 'knowledge'] as const;

export function useKnowledge(enabled: boolean) {
  return useQuery({ queryKey: knowledgeKey, queryFn: () => api.get('/api/admin/knowledge?retired=true', { schema: passageListSchema }), enabled });
}

export function useAddPassage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatePassageInput) => api.post('/api/admin/knowledge', input, { schema: passageSchema }),
    onSuccess: () => void client.invalidateQueries({ queryKey: knowledgeKey }),
  });
}

export function useEditPassage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...patch }: UpdatePassageInput & { id: string }) =>
      api.patch(`/api/admin/knowledge/${encodeURIComponent(id)}`, patch, { schema: passageSchema }),
    onSuccess: () => void client.invalidateQueries({ queryKey: knowledgeKey }),
  });
}
