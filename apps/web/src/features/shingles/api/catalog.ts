import { useQuery } from '@tanstack/react-query';
import { shingleCatalogSchema, type ShingleCatalog } from '@ridgeline/shared/contracts/shingles';
import { api } from '../../../lib/api-client';
import { readOffline, readThrough } from '../../../lib/offline-cache';
import { shingleCatalogKey } from './keys';

// GET /api/shingles/catalog: the catalog (shared lines and the company's own products) with its
// version. The last one read is kept on the phone, so the ranking runs on the roof with no signal.

export const SHINGLE_CATALOG_CACHE_KEY = 'shingle-catalog';

export function fetchShingleCatalog(): Promise<ShingleCatalog> {
  return readThrough(SHINGLE_CATALOG_CACHE_KEY, () => api.get('/api/shingles/catalog', { schema: shingleCatalogSchema }));
}

function keptCatalog(): ShingleCatalog | undefined {
  try {
    return shingleCatalogSchema.parse(readOffline(SHINGLE_CATALOG_CACHE_KEY));
  } catch {
    return undefined;
  }
}

export function useShingleCatalog() {
  // networkMode 'always': with no signal the query still runs and answers the kept catalog.
  return useQuery({ queryKey: shingleCatalogKey, queryFn: fetchShingleCatalog, placeholderData: keptCatalog, networkMode: 'always', staleTime: 5 * 60_000 });
}
