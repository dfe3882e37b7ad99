import { conversationResponseSchema } from '@ridgeline/shared/contracts/chat';
import { api } from '../../../lib/api-client';
import { useConversationWrite } from './use-conversation-write';

// POST /api/chat/conversations/:id/members { profileId }: adds a colleague of the same company to a
// group; answers the conversation with its members now.

export function addMember({ conversationId, profileId }: { conversationId: string; profileId: string }) {
  return api
    .post(`/api/chat/conversations/${encodeURIComponent(conversationId)}/members`, { profileId }, { schema: conversationResponseSchema })
    .then((data) => data.conversation);
}

export const useAddMember = () => useConversationWrite(addMember);
