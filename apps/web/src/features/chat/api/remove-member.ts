import { conversationResponseSchema } from '@ridgeline/shared/contracts/chat';
import { api } from '../../../lib/api-client';
import { useConversationWrite } from './use-conversation-write';

// DELETE /api/chat/conversations/:id/members/:profileId: removes a member of a group (never
// yourself: 400); answers the conversation with its members now.

export function removeMember({ conversationId, profileId }: { conversationId: string; profileId: string }) {
  return api
    .delete(`/api/chat/conversations/${encodeURIComponent(conversationId)}/members/${encodeURIComponent(profileId)}`, { schema: conversationResponseSchema })
    .then((data) => data.conversation);
}

export const useRemoveMember = () => useConversationWrite(removeMember);
