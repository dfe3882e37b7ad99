import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InspectionListQuery } from '@ridgeline/shared/contracts/inspections';
import { fetchInspectionList } from '../../../offline/inspection-api';
import { inspectionListKey } from './keys';

/** GET /api/inspections: the company's sessions, newest activity first (not asked for with no signal). */
export function useInspectionList(query: InspectionListQuery, online: boolean) {
  return useQuery({ queryKey: inspectionListKey(query), queryFn: () => fetchInspectionList(query), placeholderData: keepPreviousData, enabled: online });
}
