import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeRealtime } from '../../lib/realtime/realtime-client';
import { feedbackKeys } from './api/feedback-keys';

/**
 * Keeps the author's Feedback Loop live while it is shown: a feedback notification the socket brings
 * (a reply or a status change of the team) reads their feedback again, and so does every
 * (re)connection, for whatever came while the socket was down.
 */
export function useLiveFeedback(): void {
  const client = useQueryClient();
  useEffect(
    () =>
      subscribeRealtime((event) => {
        if (event.type === 'ready' || (event.type === 'notification' && event.notification.kind === 'feedback')) {
          void client.invalidateQueries({ queryKey: feedbackKeys.mine });
        }
      }),
    [client],
  );
}
