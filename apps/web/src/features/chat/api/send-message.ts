import { messageResponseSchema, type ChatMessage, type SendMessageInput } from '@ridgeline/shared/contracts/chat';
import { api } from '../../../lib/api-client';

// POST /api/chat/conversations/:id/messages: a text message with the sender's client id (sending
// the same id again answers the stored message) and the mentioned colleagues.

export async function sendMessage(conversationId: string, input: SendMessageInput): Promise<ChatMessage> {
  const { message } = await api.post(`/api/chat/conversations/${encodeURIComponent(conversationId)}/messages`, input, { schema: messageResponseSchema });
  return message;
}
