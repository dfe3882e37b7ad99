import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { inspectionListSchema } from '@ridgeline/shared/contracts/inspections';
import { api } from '../../../../lib/api-client';

// GET /api/inspections?q=: the inspections a new report can be made from, newest activity first.

export function inspectionChoicesPath(search: string): string {
  const params = new URLSearchParams({ pageSize: '25' });
  const q = search.trim();
  if (q) params.set('q', q);
  params.sort();
  return `/api/inspections?${params.toString()}`;
}

export function fetchInspectionChoices(search: string) {
  return api.get(inspectionChoicesPath(search), { schema: inspectionListSchema });
}

export function useInspectionChoices(search: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['report-inspection-choices', search.trim()],
    queryFn: () => fetchInspectionChoices(search),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}
