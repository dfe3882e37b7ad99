import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { inspectionListSchema, type InspectionList } from '@ridgeline/shared/contracts/inspections';
import { api } from '../../../lib/api-client';

// GET /api/inspections?q=: the inspections a new photo report or a new advanced report may be made from,
// newest activity first.

export const INSPECTION_CHOICES_PAGE_SIZE = 25;

export function inspectionChoicesPath(search: string): string {
  const params = new URLSearchParams({ pageSize: String(INSPECTION_CHOICES_PAGE_SIZE) });
  const q = search.trim();
  if (q) params.set('q', q);
  return `/api/inspections?${params.toString()}`;
}

export function fetchInspectionChoices(search: string): Promise<InspectionList> {
  return api.get(inspectionChoicesPath(search), { schema: inspectionListSchema });
}

export function useInspectionChoices(search: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['reports-inspection-choices', search.trim()],
    queryFn: () => fetchInspectionChoices(search),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}
