import { useQuery } from '@tanstack/react-query';
import { reportDetailResponseSchema, type ReportDetail } from '@ridgeline/shared/contracts/documents';
import { api } from '../../../lib/api-client';
import { pollWhileOnItsWay } from '../../../lib/document-status';
import { reportKey, reportPath } from './report-keys';

// GET /api/reports/:id: one report with its arranged document (and a packet's parts). While its PDF
// is queued or rendering it is read again every second, so the percent moves.

export async function fetchReport(id: string): Promise<ReportDetail> {
  return (await api.get(reportPath(id), { schema: reportDetailResponseSchema })).report;
}

export function useReport(id: string | undefined) {
  return useQuery({
    queryKey: reportKey(id ?? ''),
    queryFn: () => fetchReport(id ?? ''),
    enabled: Boolean(id),
    refetchInterval: (query) => pollWhileOnItsWay(query.state.data),
  });
}
