import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { carriersQuery } from '../../../lib/api/directory';

export function useCarriers(q: string) {
  // The previous list stays on screen while the next search loads, so the list does not flash empty.
  return useQuery({ ...carriersQuery(q), placeholderData: keepPreviousData });
}
