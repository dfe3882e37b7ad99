import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminFeedbackPageSchema, type AdminFeedbackQuery } from '@ridgeline/shared/contracts/feedback';
import { api } from '../../../lib/api-client';
import { feedbackKeys } from './feedback-keys';

/** GET /api/admin/feedback?status=&type=&companyId=&page=: the team's triage list across companies. */
export function fetchTriage(query: AdminFeedbackQuery) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  const search = params.toString();
  return api.get(`/api/admin/feedback${search ? `?${search}` : ''}`, { schema: adminFeedbackPageSchema });
}

export function useTriage(query: AdminFeedbackQuery) {
  return useQuery({ queryKey: feedbackKeys.triagePage(query), queryFn: () => fetchTriage(query), placeholderData: keepPreviousData });
}
