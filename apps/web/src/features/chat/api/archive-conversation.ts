import { conversationResponseSchema } from '@ridgeline/shared/contracts/chat';
import { api } from '../../../lib/api-client';
import { useConversationWrite } from './use-conversation-write';

// POST /api/chat/conversations/:id/archive: the conversation leaves the list (its members can still
// open it by link; POST .../restore brings it back).

export function archiveConversation(id: string) {
  return api.post(`/api/chat/conversations/${encodeURIComponent(id)}/archive`, {}, { schema: conversationResponseSchema }).then((data) => data.conversation);
}

export const useArchiveConversation = () => useConversationWrite(archiveConversation);
