import { useMutation, useQueryClient } from '@tanstack/react-query';
import { feedbackDetailSchema, type CreateFeedbackInput, type FeedbackDetail } from '@ridgeline/shared/contracts/feedback';
import { api } from '../../../lib/api-client';
import { feedbackKeys } from './feedback-keys';

// POST /api/feedback: the feedback with the screenshot uploaded for it; the browser comes with the request.

export function sendFeedback(input: CreateFeedbackInput): Promise<FeedbackDetail> {
  return api.post('/api/feedback', input, { schema: feedbackDetailSchema });
}

/** Sends, then keeps the answer as the item and refreshes the author's list. */
export function useSendFeedback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendFeedback,
    onSuccess: (item) => {
      client.setQueryData(feedbackKeys.item(item.id), item);
      return client.invalidateQueries({ queryKey: feedbackKeys.mine, exact: true });
    },
  });
}
