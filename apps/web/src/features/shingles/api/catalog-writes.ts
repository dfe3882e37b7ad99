import { useMutation, useQueryClient } from '@tanstack/react-query';
import { catalogEntrySchema, type CatalogEntryInput } from '@ridgeline/shared/contracts/shingles';
import { api } from '../../../lib/api-client';
import { shingleCatalogKey } from './keys';

// Changes to the catalog: a company's own products (owners and managers) and the shared catalog
// (platform admins). Each is a new catalog version; the phone's kept catalog is read again.

function useCatalogWrite<V>(send: (value: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => client.invalidateQueries({ queryKey: shingleCatalogKey }) });
}

/** POST /api/shingles/local-products, or for platform admins POST /api/admin/shingle-catalog. */
export function useAddCatalogLine() {
  return useCatalogWrite(({ input, shared }: { input: CatalogEntryInput; shared: boolean }) =>
    api.post(shared ? '/api/admin/shingle-catalog' : '/api/shingles/local-products', input, { schema: catalogEntrySchema }),
  );
}

/** DELETE /api/shingles/local-products/:id, or for platform admins POST /api/admin/shingle-catalog/:id/retire. */
export function useRetireCatalogLine() {
  return useCatalogWrite(({ id, shared }: { id: string; shared: boolean }) =>
    shared ? api.post(`/api/admin/shingle-catalog/${encodeURIComponent(id)}/retire`) : api.delete(`/api/shingles/local-products/${encodeURIComponent(id)}`),
  );
}

/** PUT /api/shingles/local-products/:id, or for platform admins PUT /api/admin/shingle-catalog/:id: the whole line again. */
export function useReplaceCatalogLine() {
  return useCatalogWrite(({ id, input, shared }: { id: string; input: CatalogEntryInput; shared: boolean }) =>
    api.put(shared ? `/api/admin/shingle-catalog/${encodeURIComponent(id)}` : `/api/shingles/local-products/${encodeURIComponent(id)}`, input, {
      schema: catalogEntrySchema,
    }),
  );
}
