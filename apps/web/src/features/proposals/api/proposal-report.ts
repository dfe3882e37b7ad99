import { useQuery } from '@tanstack/react-query';
import { reportQuery } from '../../../lib/api/documents';
import { pollWhileOnItsWay } from '../../../lib/document-status';

// The report that holds the proposal's PDF: read again every second while it is queued or rendering,
// so the percent moves.
export function useProposalReport(reportId: string | null) {
  return useQuery({ ...reportQuery(reportId ?? ''), enabled: Boolean(reportId), refetchInterval: (query) => pollWhileOnItsWay(query.state.data) });
}
