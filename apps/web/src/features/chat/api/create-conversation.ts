import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createConversationResponseSchema, type CreateConversationInput } from '@ridgeline/shared/contracts/chat';
import { api } from '../../../lib/api-client';
import { chatKeys } from './chat-keys';

// POST /api/chat/conversations: 201 with a new direct message or group; 200 with `created: false`
// when a direct message with that colleague already exists (it is the one opened).

export function createConversation(input: CreateConversationInput) {
  return api.post('/api/chat/conversations', input, { schema: createConversationResponseSchema });
}

export function useCreateConversation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createConversation,
    onSuccess: (result) => {
      client.setQueryData(chatKeys.conversation(result.conversation.id), result.conversation);
      return client.invalidateQueries({ queryKey: chatKeys.conversations });
    },
  });
}
