import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assistantMessageSchema, type AssistantConversation, type RateAnswerInput } from '@ridgeline/shared/contracts/assistant';
import { api } from '../../../lib/api-client';
import { assistantConversationKey } from './keys';

/** POST /api/assistant/messages/:id/rating: helpful, or wrong with a note (filed as feedback to the Ridgeline team). */
export function useRateAnswer(projectId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: RateAnswerInput & { id: string }) =>
      api.post(`/api/assistant/messages/${encodeURIComponent(id)}/rating`, input, { schema: assistantMessageSchema }),
    onSuccess: (message) =>
      client.setQueryData<AssistantConversation>(assistantConversationKey(projectId), (old) =>
        old ? { ...old, messages: old.messages.map((m) => (m.id === message.id ? message : m)) } : old,
      ),
  });
}
