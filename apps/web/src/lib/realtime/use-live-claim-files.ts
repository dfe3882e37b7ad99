import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { dashboardKey, projectKey, projectsKey } from '../api/shared-keys';
import { subscribeRealtime } from './realtime-client';

// A claim file moves forward by itself on the server, after the write that caused it (an inspection
// completed, the packet shared, the proposal signed, a ledger entry): the server tells every open
// page of the company (`claim-file-status`). The claim file (its header, status and timeline), the
// lists of claim files and the dashboard are read again, so the screen shows where the file now
// stands without a reload.

export function useLiveClaimFiles(): void {
  const client = useQueryClient();
  useEffect(
    () =>
      subscribeRealtime((event) => {
        if (event.type !== 'claim-file-status') return;
        void Promise.all([
          client.invalidateQueries({ queryKey: projectKey(event.projectId) }),
          client.invalidateQueries({ queryKey: projectsKey }),
          client.invalidateQueries({ queryKey: dashboardKey }),
        ]);
      }),
    [client],
  );
}
