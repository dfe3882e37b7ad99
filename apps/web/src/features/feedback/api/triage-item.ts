import { useQuery } from '@tanstack/react-query';
import { adminFeedbackDetailSchema } from '@ridgeline/shared/contracts/feedback';
import { api } from '../../../lib/api-client';
import { feedbackKeys } from './feedback-keys';

/** GET /api/admin/feedback/:id: any company's item, with its company, author, thread and screenshot. */
export function fetchTriageItem(id: string) {
  return api.get(`/api/admin/feedback/${encodeURIComponent(id)}`, { schema: adminFeedbackDetailSchema });
}

export function useTriageItem(id: string) {
  return useQuery({ queryKey: feedbackKeys.triageItem(id), queryFn: () => fetchTriageItem(id) });
}
