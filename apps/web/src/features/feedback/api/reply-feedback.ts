import { useMutation, useQueryClient } from '@tanstack/react-query';
import { feedbackDetailSchema, type FeedbackDetail } from '@ridgeline/shared/contracts/feedback';
import { api } from '../../../lib/api-client';
import { feedbackKeys } from './feedback-keys';

// POST /api/feedback/:id/replies: the author answers in their own thread.

export function replyToFeedback(id: string, body: string): Promise<FeedbackDetail> {
  return api.post(`/api/feedback/${encodeURIComponent(id)}/replies`, { body }, { schema: feedbackDetailSchema });
}

export function useReplyToFeedback(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => replyToFeedback(id, body),
    onSuccess: (item) => {
      client.setQueryData(feedbackKeys.item(id), item);
      return client.invalidateQueries({ queryKey: feedbackKeys.mine, exact: true });
    },
  });
}
