import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReportListQuery } from '@ridgeline/shared/contracts/documents';
import { reportsQuery } from '../../../lib/api/documents';
import { isOnItsWay } from '../../../lib/document-status';

// A list holding a document on its way is read again every 2 s, so its percent and status move.

const LIST_POLL_MS = 2000;

export function useReports(query: ReportListQuery = {}) {
  return useQuery({
    ...reportsQuery(query),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.reports.some((r) => isOnItsWay(r)) ? LIST_POLL_MS : false),
  });
}
