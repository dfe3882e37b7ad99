import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectSchema, type Project } from '@ridgeline/shared/contracts/projects';
import { api } from '../../../lib/api-client';
import { dashboardKey, projectKey, projectsKey } from '../../../lib/api/shared-keys';

// A claim file's moves forward the server makes or offers (its events), and the ones a member asks
// for: marked filed with the insurer, the move offered accepted or dismissed. Each answers the claim
// file as it now stands.

type StatusMoveAction = 'mark-filed' | 'accept' | 'dismiss';

function send(id: string, action: StatusMoveAction): Promise<Project> {
  if (action === 'mark-filed') return api.post(`/api/projects/${id}/mark-filed`, undefined, { schema: projectSchema });
  if (action === 'accept') return api.post(`/api/projects/${id}/status-suggestion/accept`, undefined, { schema: projectSchema });
  return api.delete(`/api/projects/${id}/status-suggestion`, { schema: projectSchema });
}

export function useStatusMove(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: StatusMoveAction) => send(id, action),
    onSuccess: (project) => client.setQueryData(projectKey(id), project),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: projectKey(id) }),
        client.invalidateQueries({ queryKey: projectsKey }),
        client.invalidateQueries({ queryKey: dashboardKey }),
      ]),
  });
}
