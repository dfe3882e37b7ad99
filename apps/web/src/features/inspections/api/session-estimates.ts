import { useQuery } from '@tanstack/react-query';
import { estimatesQuery } from '../../../lib/api/estimates';

// The session's estimate versions, for the overview's step and what a conversion moves.
export function useSessionEstimates(sessionId: string, options: { enabled: boolean }) {
  // Saved on another screen a moment ago: read again whenever a screen showing it opens.
  return useQuery({ ...estimatesQuery({ sessionId }), enabled: options.enabled, staleTime: 0 });
}
