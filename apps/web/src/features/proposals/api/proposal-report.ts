import { useQuery } from '@tanstack/react-query';
import { reportDetailResponseSchema, type ReportDetail } from '@ridgeline/shared/contracts/documents';
import { api } from '../../../lib/api-client';
import { pollWhileOnItsWay } from '../../../lib/document-status';
import { proposalReportKey } from './proposal-keys';

// GET /api/reports/:id: where the proposal's PDF is. Read again every second while it is queued or
// rendering, so the percent moves.

export async function fetchProposalReport(reportId: string): Promise<ReportDetail> {
  return (await api.get(`/api/reports/${encodeURIComponent(reportId)}`, { schema: reportDetailResponseSchema })).report;
}

export function useProposalReport(reportId: string | null) {
  return useQuery({
    queryKey: proposalReportKey(reportId ?? ''),
    queryFn: () => fetchProposalReport(reportId ?? ''),
    enabled: Boolean(reportId),
    refetchInterval: (query) => pollWhileOnItsWay(query.state.data),
  });
}
