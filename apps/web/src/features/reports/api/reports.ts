import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { reportListResponseSchema, type ReportListQuery, type ReportListResponse } from '@ridgeline/shared/contracts/documents';
import { api } from '../../../lib/api-client';
import { isOnItsWay } from '../../../lib/document-status';
import { reportsKey } from './report-keys';

// GET /api/reports?projectId=&kind=&status=&page=&pageSize=: the company's documents, newest first.
// A list holding a document on its way is read again every 2 s, so its percent and status move.

const LIST_POLL_MS = 2000;

export function fetchReports(query: ReportListQuery = {}): Promise<ReportListResponse> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return api.get(`/api/reports${search ? `?${search}` : ''}`, { schema: reportListResponseSchema });
}

export function useReports(query: ReportListQuery = {}) {
  return useQuery({
    queryKey: [...reportsKey, 'list', query],
    queryFn: () => fetchReports(query),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.reports.some((r) => isOnItsWay(r)) ? LIST_POLL_MS : false),
  });
}
