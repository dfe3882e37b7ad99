import { useQuery } from '@tanstack/react-query';
import { proposalListResponseSchema, reportListResponseSchema } from '@ridgeline/shared/contracts/documents';
import { REPORT_KIND_LABELS } from '@ridgeline/shared/domain/documents';
import { api } from '../../../lib/api-client';
import { shareChoicesKey } from './share-keys';
import { formatDate } from '../../../lib/dates';

// What a new link can open: the claim file's documents (GET /api/reports?projectId=, drafts left
// out: they have no PDF to show) and its proposals (GET /api/proposals?projectId=).

export type ShareChoice = { kind: 'report' | 'proposal'; id: string; label: string };

export async function fetchShareChoices(projectId: string): Promise<ShareChoice[]> {
  const project = encodeURIComponent(projectId);
  const [reports, proposals] = await Promise.all([
    api.get(`/api/reports?projectId=${project}&pageSize=100`, { schema: reportListResponseSchema }),
    api.get(`/api/proposals?projectId=${project}`, { schema: proposalListResponseSchema }),
  ]);
  const day = (iso: string) => formatDate(iso);
  return [
    ...reports.reports
      .filter((r) => r.status !== 'draft' && r.kind !== 'proposal')
      .map((r): ShareChoice => ({ kind: 'report', id: r.id, label: `${REPORT_KIND_LABELS[r.kind]}: ${r.title} (${day(r.createdAt)})` })),
    ...proposals.proposals.map((p, i): ShareChoice => ({
      kind: 'proposal',
      id: p.id,
      label: `Proposal ${proposals.proposals.length - i} (${p.status}, ${day(p.createdAt)})`,
    })),
  ];
}

export function useShareChoices(projectId: string, enabled: boolean) {
  return useQuery({ queryKey: shareChoicesKey(projectId), queryFn: () => fetchShareChoices(projectId), enabled, staleTime: 0 });
}
