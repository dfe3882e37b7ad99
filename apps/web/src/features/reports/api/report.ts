import { useQuery } from '@tanstack/react-query';
import { reportQuery } from '../../../lib/api/documents';
import { pollWhileOnItsWay } from '../../../lib/document-status';

// One report: while its PDF is queued or rendering it is read again every second, so the percent moves.
export function useReport(id: string | undefined) {
  return useQuery({ ...reportQuery(id ?? ''), enabled: Boolean(id), refetchInterval: (query) => pollWhileOnItsWay(query.state.data) });
}
