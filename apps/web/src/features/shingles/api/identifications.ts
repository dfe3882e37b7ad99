import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  projectShingleIdsSchema,
  shingleHistorySchema,
  shingleIdentificationSchema,
  type SaveIdentificationInput,
  type ShingleHistoryQuery,
} from '@ridgeline/shared/contracts/shingles';
import { api } from '../../../lib/api-client';
import { projectShingleIdsKey, shingleHistoryKey, shingleHistoryRoot, shingleIdentificationKey } from './keys';

// Saved identifications: save (the server ranks again), one by id, the company's history, a claim file's.

const queryString = (query: ShingleHistoryQuery) => {
  const params = new URLSearchParams();
  if (query.q?.trim()) params.set('q', query.q.trim());
  if (query.confidence) params.set('confidence', query.confidence);
  if (query.projectId) params.set('projectId', query.projectId);
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** POST /api/shingles/identifications: 201 with the identification as the server ranked it. */
export function saveIdentification(input: SaveIdentificationInput) {
  return api.post('/api/shingles/identifications', input, { schema: shingleIdentificationSchema });
}

export function useSaveIdentification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveIdentification,
    onSuccess: (saved) => {
      client.setQueryData(shingleIdentificationKey(saved.id), saved);
      void client.invalidateQueries({ queryKey: shingleHistoryRoot });
      if (saved.project) void client.invalidateQueries({ queryKey: projectShingleIdsKey(saved.project.id) });
    },
  });
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
  return useQuery({ queryKey: shingleHistoryKey(query), queryFn: () => api.get(`/api/shingles/identifications${queryString(query)}`, { schema: shingleHistorySchema }) });
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
