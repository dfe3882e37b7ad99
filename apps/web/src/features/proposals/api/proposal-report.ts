import { useQuery } from '@tanstack/react-query';
import { reportDetailResponseSchema, type ReportDetail } from '@ridgeline/shared/contracts/documents';
import { api } from '../../../lib/api-client';
import { proposalReportKey } from './proposal-keys';

// GET /api/reports/:id: where the proposal's PDF is. Read again every second while it is queued or
// rendering, so the percent moves.

export const PDF_POLL_MS = 1000;

export async function fetchProposalReport(reportId: string): Promise<ReportDetail> {
  return (await api.get(`/api/reports/${encodeURIComponent(reportId)}`, { schema: reportDetailResponseSchema })).report;
}

export function useProposalReport(reportId: string | null) {
  return useQuery({
    queryKey: proposalReportKey(reportId ?? ''),
    queryFn: () => fetchProposalReport(reportId ?? ''),
    enabled: Boolean(reportId),
    refetchInterval: (query) => (query.state.data && (query.state.data.status === 'queued' || query.state.data.status === 'rendering') ? PDF_POLL_MS : false),
  });
}
