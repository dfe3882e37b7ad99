import { readResponseSchema } from '@ridgeline/shared/contracts/chat';
import { api } from '../../../lib/api-client';

// POST /api/chat/conversations/:id/read: the conversation was seen now (its unread count clears).

export function markConversationRead(conversationId: string) {
  return api.post(`/api/chat/conversations/${encodeURIComponent(conversationId)}/read`, {}, { schema: readResponseSchema });
}
