import { useState } from 'react';

/**
 * A paged list's filters and the page it shows: changing a filter takes the list back to its first
 * page (the page it was on may not be there in what the new filters match).
 */
export function usePagedFilters<T extends object>(initial: T) {
  const [filters, setFilters] = useState(initial);
  const [page, setPage] = useState(1);
  const filter = (change: Partial<T>) => {
    setFilters((current) => ({ ...current, ...change }));
    setPage(1);
  };
  return { filters, filter, page, setPage };
}
