import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adjustersQuery } from '../../../lib/api/directory';

export function useAdjusters(q: string) {
  return useQuery({ ...adjustersQuery({ q }), placeholderData: keepPreviousData });
}
