import { useQuery } from '@tanstack/react-query';
import { feedbackListSchema } from '@ridgeline/shared/contracts/feedback';
import { api } from '../../../lib/api-client';
import { feedbackKeys } from './feedback-keys';

/** GET /api/feedback: the signed-in user's own feedback, last changed first. */
export function fetchMyFeedback() {
  return api.get('/api/feedback', { schema: feedbackListSchema });
}

export function useMyFeedback() {
  return useQuery({ queryKey: feedbackKeys.mine, queryFn: fetchMyFeedback });
}
