import { useQuery } from '@tanstack/react-query';
import { shotReadinessSchema, type ReportSource, type ShotReadiness } from '@ridgeline/shared/contracts/documents';
import { api } from '../../../lib/api-client';
import { reportsKey } from './report-keys';

// GET /api/reports/readiness?projectId= | ?sessionId=: the required shot list against the source's
// photos, what a photo report or packet is blocked by unless the user gives a reason.

export function readinessPath(source: ReportSource): string {
  const params = new URLSearchParams();
  if (source.projectId) params.set('projectId', source.projectId);
  else if (source.sessionId) params.set('sessionId', source.sessionId);
  return `/api/reports/readiness?${params.toString()}`;
}

export function fetchReadiness(source: ReportSource): Promise<ShotReadiness> {
  return api.get(readinessPath(source), { schema: shotReadinessSchema });
}

export const readinessKey = (source: ReportSource) => [...reportsKey, 'readiness', source.projectId ?? null, source.sessionId ?? null] as const;

export function useReadiness(source: ReportSource, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: readinessKey(source),
    queryFn: () => fetchReadiness(source),
    enabled: options.enabled ?? true,
  });
}
