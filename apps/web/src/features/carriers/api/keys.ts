import { directoryKey } from '../../../lib/api/shared-keys';

// Query keys of the carrier directory, all below the shared directory key: a write anywhere (here, or
// a carrier added inline on a project form) refreshes the lists, the carrier pages and the pickers.
export const carriersKey = [...directoryKey, 'carriers'] as const;
export const carrierKey = (id: string) => [...directoryKey, 'carrier', id] as const;
export const adjustersKey = [...directoryKey, 'adjusters'] as const;

/** A search term as the query string of a directory list ('' when there is none). */
export function searchQuery(q: string): string {
  const term = q.trim();
  return term ? `?q=${encodeURIComponent(term)}` : '';
}
