import { useQuery } from '@tanstack/react-query';
import { feedbackDetailSchema } from '@ridgeline/shared/contracts/feedback';
import { api } from '../../../lib/api-client';
import { feedbackKeys } from './feedback-keys';

/** GET /api/feedback/:id: one of the user's own, with its thread and screenshot. */
export function fetchFeedbackItem(id: string) {
  return api.get(`/api/feedback/${encodeURIComponent(id)}`, { schema: feedbackDetailSchema });
}

export function useFeedbackItem(id: string) {
  return useQuery({ queryKey: feedbackKeys.item(id), queryFn: () => fetchFeedbackItem(id) });
}
