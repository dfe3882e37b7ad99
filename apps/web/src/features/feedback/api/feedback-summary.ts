import { useQuery } from '@tanstack/react-query';
import { feedbackSummarySchema } from '@ridgeline/shared/contracts/feedback';
import { api } from '../../../lib/api-client';
import { feedbackKeys } from './feedback-keys';

/** GET /api/admin/feedback/summary: how many items are open (new, planned, in progress), and how many are new. */
export function fetchFeedbackSummary() {
  return api.get('/api/admin/feedback/summary', { schema: feedbackSummarySchema });
}

/** The open count, read again every few minutes while a platform admin has the app open. */
export function useFeedbackSummary(enabled: boolean) {
  return useQuery({ queryKey: feedbackKeys.summary, queryFn: fetchFeedbackSummary, enabled, refetchInterval: 5 * 60_000 });
}
