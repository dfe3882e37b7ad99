import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { analyticsSchema, type AnalyticsQuery } from '@ridgeline/shared/contracts/analytics';
import { api } from '../../../lib/api-client';

// GET /api/analytics?from=&to=&memberId=&carrierId=&lossType=: the company's figures (a member's own).
// The previous figures stay on screen while a changed filter loads.

export const analyticsKey = (query: AnalyticsQuery) => ['analytics', query] as const;

export function fetchAnalytics(query: AnalyticsQuery) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (typeof value === 'string' && value !== '') params.set(key, value);
  const search = params.toString();
  return api.get(`/api/analytics${search ? `?${search}` : ''}`, { schema: analyticsSchema });
}

export function useAnalytics(query: AnalyticsQuery) {
  return useQuery({ queryKey: analyticsKey(query), queryFn: () => fetchAnalytics(query), placeholderData: keepPreviousData });
}
