import { useQuery, useQueryClient } from '@tanstack/react-query';
import { conversationResponseSchema, type Conversation, type ConversationListResponse } from '@ridgeline/shared/contracts/chat';
import { api } from '../../../lib/api-client';
import { chatKeys } from './chat-keys';

// GET /api/chat/conversations/:id: one conversation with its members (members only, archived ones
// too; 404 for anyone else). The list's copy shows at once while it loads.

export function fetchConversation(id: string) {
  return api.get(`/api/chat/conversations/${encodeURIComponent(id)}`, { schema: conversationResponseSchema }).then((data) => data.conversation);
}

export function useConversation(id: string | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: chatKeys.conversation(id ?? ''),
    queryFn: () => fetchConversation(id ?? ''),
    enabled: id !== null,
    placeholderData: (): Conversation | undefined =>
      client.getQueryData<ConversationListResponse>(chatKeys.conversations)?.conversations.find((conversation) => conversation.id === id),
  });
}
