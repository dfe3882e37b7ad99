import { useQuery } from '@tanstack/react-query';
import { assistantConversationSchema } from '@ridgeline/shared/contracts/assistant';
import { api } from '../../../lib/api-client';
import { assistantConversationKey } from './keys';

/** GET /api/assistant/conversation?projectId=: the user's own thread (general, or of the claim file: 404 for another company's). */
export function fetchAssistantConversation(projectId: string | null) {
  return api.get(`/api/assistant/conversation${projectId ? `?projectId=${encodeURIComponent(projectId)}` : ''}`, { schema: assistantConversationSchema });
}

export function useAssistantConversation(projectId: string | null) {
  return useQuery({ queryKey: assistantConversationKey(projectId), queryFn: () => fetchAssistantConversation(projectId) });
}
