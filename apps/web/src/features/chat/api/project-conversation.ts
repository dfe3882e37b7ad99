import { useQuery } from '@tanstack/react-query';
import { conversationResponseSchema } from '@ridgeline/shared/contracts/chat';
import { api } from '../../../lib/api-client';
import { chatKeys } from './chat-keys';

// POST /api/chat/projects/:projectId/conversation: the claim file's thread, created on first use,
// with the caller joined as a member. It answers the same conversation every time, so the Messages
// tab reads it like a query.

export function openProjectConversation(projectId: string) {
  return api
    .post(`/api/chat/projects/${encodeURIComponent(projectId)}/conversation`, {}, { schema: conversationResponseSchema })
    .then((data) => data.conversation);
}

export function useProjectConversation(projectId: string) {
  return useQuery({ queryKey: chatKeys.projectThread(projectId), queryFn: () => openProjectConversation(projectId), staleTime: Infinity });
}
