import { useQuery } from '@tanstack/react-query';
import { conversationListResponseSchema } from '@ridgeline/shared/contracts/chat';
import { api } from '../../../lib/api-client';
import { chatKeys } from './chat-keys';

// GET /api/chat/conversations: the listed conversations (mine, not archived, not a claim file's
// thread), newest last message first, and the unread total of the chat button's badge.

export function fetchConversations() {
  return api.get('/api/chat/conversations', { schema: conversationListResponseSchema });
}

export function useConversations() {
  return useQuery({ queryKey: chatKeys.conversations, queryFn: fetchConversations });
}
