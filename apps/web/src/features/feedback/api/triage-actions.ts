import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminFeedbackDetailSchema, type AdminFeedbackDetail } from '@ridgeline/shared/contracts/feedback';
import type { FeedbackStatus } from '@ridgeline/shared/domain/feedback';
import { api } from '../../../lib/api-client';
import { feedbackKeys } from './feedback-keys';

// The team's actions on an item: PATCH /api/admin/feedback/:id {status} and POST /api/admin/feedback/:id/replies {body}.
// Each keeps the answer as the item and refreshes the triage list and the open count.

export function setFeedbackStatus(id: string, status: FeedbackStatus): Promise<AdminFeedbackDetail> {
  return api.patch(`/api/admin/feedback/${encodeURIComponent(id)}`, { status }, { schema: adminFeedbackDetailSchema });
}

export function replyAsTeam(id: string, body: string): Promise<AdminFeedbackDetail> {
  return api.post(`/api/admin/feedback/${encodeURIComponent(id)}/replies`, { body }, { schema: adminFeedbackDetailSchema });
}

function useTriageAction<TInput>(id: string, mutationFn: (input: TInput) => Promise<AdminFeedbackDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (item) => {
      client.setQueryData(feedbackKeys.triageItem(id), item);
      return client.invalidateQueries({ predicate: (query) => query.queryKey[1] === 'triage' && query.queryKey[2] !== 'item' });
    },
  });
}

export const useSetFeedbackStatus = (id: string) => useTriageAction(id, (status: FeedbackStatus) => setFeedbackStatus(id, status));
export const useReplyAsTeam = (id: string) => useTriageAction(id, (body: string) => replyAsTeam(id, body));
