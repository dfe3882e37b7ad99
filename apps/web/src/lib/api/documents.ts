import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  proposalListResponseSchema,
  reportDetailResponseSchema,
  reportListResponseSchema,
  shareLinkResponseSchema,
  type CreateShareLinkInput,
  type ReportListQuery,
} from '@ridgeline/shared/contracts/documents';
import { api } from '../api-client';

// The claim file's documents that several features read: its reports (GET /api/reports, the reports
// screens and a new share link's choices; GET /api/reports/:id, a report's editor and a proposal's PDF), its proposals (GET /api/proposals?projectId=, the proposals
// screens and the share link's choices), and the one write both the proposals and the sharing screens
// make, a share link (POST /api/share-links). Each sits below its own key, so a write refreshes every list.

export const reportsKey = ['reports'] as const;
export const proposalsKey = ['proposals'] as const;
export const shareLinksKey = ['share-links'] as const;

/** GET /api/reports?projectId=&kind=&status=&page=&pageSize=: the company's documents, newest first. */
export function reportsQuery(query: ReportListQuery = {}) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return queryOptions({
    queryKey: [...reportsKey, 'list', query],
    queryFn: () => api.get(`/api/reports${search ? `?${search}` : ''}`, { schema: reportListResponseSchema }),
  });
}

/** GET /api/reports/:id: one report with its arranged document (and a packet's parts), and where its PDF is. */
export function reportQuery(id: string) {
  return queryOptions({
    queryKey: [...reportsKey, 'one', id],
    queryFn: async () => (await api.get(`/api/reports/${encodeURIComponent(id)}`, { schema: reportDetailResponseSchema })).report,
  });
}

/** GET /api/proposals?projectId=: the claim file's proposals, newest first. */
export function proposalsQuery(projectId: string) {
  return queryOptions({
    queryKey: [...proposalsKey, 'list', projectId],
    queryFn: () => api.get(`/api/proposals?projectId=${encodeURIComponent(projectId)}`, { schema: proposalListResponseSchema }),
  });
}

/**
 * POST /api/share-links: a signed, expiring link to one report or one proposal of the claim file (a
 * proposal's homeowner link is where the homeowner picks an option and signs). The links' lists and
 * the proposals (a shared proposal shows it) refresh.
 */
export function useCreateShareLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateShareLinkInput) => (await api.post('/api/share-links', input, { schema: shareLinkResponseSchema })).link,
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: shareLinksKey }), client.invalidateQueries({ queryKey: proposalsKey })]),
  });
}
