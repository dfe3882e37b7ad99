import { useQuery } from '@tanstack/react-query';
import { estimatesQuery, type EstimateFilter } from '../../../lib/api/estimates';

export function useEstimates(filter: EstimateFilter, options: { enabled?: boolean } = {}) {
  return useQuery({ ...estimatesQuery(filter), enabled: options.enabled ?? true });
}
