import { useQueries } from '@tanstack/react-query';
import { REPORT_KIND_LABELS } from '@ridgeline/shared/domain/documents';
import { proposalsQuery, reportsQuery } from '../../../lib/api/documents';
import { formatDate } from '../../../lib/dates';

// What a new link can open: the claim file's documents (drafts left out: they have no PDF to show)
// and its proposals, both read again each time the dialog opens.

export type ShareChoice = { kind: 'report' | 'proposal'; id: string; label: string };

type ShareChoices =
  | { isPending: true; isError: false; error: null; data: undefined }
  | { isPending: false; isError: true; error: Error; data: undefined }
  | { isPending: false; isError: false; error: null; data: ShareChoice[] };

export function useShareChoices(projectId: string, enabled: boolean) {
  return useQueries({
    queries: [
      { ...reportsQuery({ projectId, pageSize: 100 }), enabled, staleTime: 0 },
      { ...proposalsQuery(projectId), enabled, staleTime: 0 },
    ],
    combine: ([reports, proposals]): ShareChoices => {
      const error = reports.error ?? proposals.error;
      if (error) return { isPending: false, isError: true, error, data: undefined };
      if (!reports.data || !proposals.data) return { isPending: true, isError: false, error: null, data: undefined };
      const day = (iso: string) => formatDate(iso);
      const list = proposals.data.proposals;
      const data: ShareChoice[] = [
        ...reports.data.reports
          .filter((r) => r.status !== 'draft' && r.kind !== 'proposal')
          .map((r): ShareChoice => ({ kind: 'report', id: r.id, label: `${REPORT_KIND_LABELS[r.kind]}: ${r.title} (${day(r.createdAt)})` })),
        ...list.map((p, i): ShareChoice => ({ kind: 'proposal', id: p.id, label: `Proposal ${list.length - i} (${p.status}, ${day(p.createdAt)})` })),
      ];
      return { isPending: false, isError: false, error: null, data };
    },
  });
}
