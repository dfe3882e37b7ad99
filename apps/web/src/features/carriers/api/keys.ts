// Query keys of the carrier directory. Every write refreshes the directory and the pickers of the
// project screens (['carrier-options'], read by the projects feature), since both show the same rows.
export const carriersKey = ['carriers'] as const;
export const carrierKey = (id: string) => ['carrier', id] as const;
export const adjustersKey = ['adjusters'] as const;
export const carrierOptionsKey = ['carrier-options'] as const;

/** A search term as the query string of a directory list ('' when there is none). */
export function searchQuery(q: string): string {
  const term = q.trim();
  return term ? `?q=${encodeURIComponent(term)}` : '';
}
