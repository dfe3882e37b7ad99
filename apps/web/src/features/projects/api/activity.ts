import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { activityEntrySchema, activityListSchema, type AddNoteInput } from '@ridgeline/shared/contracts/projects';
import { api } from '../../../lib/api-client';
import { projectKey } from '../../../lib/api/shared-keys';

// A project's timeline: GET /api/projects/:id/activity (newest first), the history of one field
// (?field=<name as in the contract>), and POST /api/projects/:id/notes. The timeline sits under the
// project's key: whatever refreshes the project (a status change from the board too) refreshes it.
export const activityKey = (projectId: string) => [...projectKey(projectId), 'activity'] as const;

export function useProjectActivity(projectId: string, field?: string, options: { enabled?: boolean } = {}) {
  const query = field ? `?field=${encodeURIComponent(field)}` : '';
  return useQuery({
    queryKey: [...activityKey(projectId), field ?? 'all'],
    queryFn: () => api.get(`/api/projects/${encodeURIComponent(projectId)}/activity${query}`, { schema: activityListSchema }),
    enabled: options.enabled ?? true,
  });
}

export function useAddNote(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AddNoteInput) => api.post(`/api/projects/${encodeURIComponent(projectId)}/notes`, input, { schema: activityEntrySchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: activityKey(projectId) }),
  });
}
