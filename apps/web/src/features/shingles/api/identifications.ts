import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  projectShingleIdsSchema,
  shingleHistorySchema,
  shingleIdentificationSchema,
  type ShingleHistoryQuery,
  type ShingleIdentification,
} from '@ridgeline/shared/contracts/shingles';
import { api } from '../../../lib/api-client';
import { projectShingleIdsKey, shingleHistoryKey, shingleHistoryRoot, shingleIdentificationKey } from './keys';

// Saved identifications: one by id, the company's history, a claim file's. Saving goes through the
// shingle outbox (offline/shingle-outbox): POST /api/shingles/identifications, kept on the device
// until the server has it; the server ranks again.

const queryString = (query: ShingleHistoryQuery) => {
  const params = new URLSearchParams();
  if (query.q?.trim()) params.set('q', query.q.trim());
  if (query.confidence) params.set('confidence', query.confidence);
  if (query.projectId) params.set('projectId', query.projectId);
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** Keeps an identification the server just saved in the cache, and refreshes the lists that show it. */
export function useRememberSaved() {
  const client = useQueryClient();
  return useCallback(
    (saved: ShingleIdentification) => {
      client.setQueryData(shingleIdentificationKey(saved.id), saved);
      void client.invalidateQueries({ queryKey: shingleHistoryRoot });
      if (saved.project) void client.invalidateQueries({ queryKey: projectShingleIdsKey(saved.project.id) });
    },
    [client],
  );
}

/** GET /api/shingles/identifications/:id (404 for another company's). */
export function useShingleIdentification(id: string) {
  return useQuery({
    queryKey: shingleIdentificationKey(id),
    queryFn: () => api.get(`/api/shingles/identifications/${encodeURIComponent(id)}`, { schema: shingleIdentificationSchema }),
  });
}

/** GET /api/shingles/identifications?q=&confidence= */
export function useShingleHistory(query: ShingleHistoryQuery) {
  return useQuery({
    queryKey: shingleHistoryKey(query),
    queryFn: () => api.get(`/api/shingles/identifications${queryString(query)}`, { schema: shingleHistorySchema }),
  });
}

/** The CSV export's address for the same filters. */
export const shingleHistoryCsvUrl = (query: ShingleHistoryQuery) => `/api/shingles/identifications.csv${queryString(query)}`;

/** GET /api/projects/:id/shingle-identifications */
export function useProjectShingleIds(projectId: string) {
  return useQuery({
    queryKey: projectShingleIdsKey(projectId),
    queryFn: () => api.get(`/api/projects/${encodeURIComponent(projectId)}/shingle-identifications`, { schema: projectShingleIdsSchema }),
  });
}
