import { useQuery } from '@tanstack/react-query';
import { chatColleaguesResponseSchema } from '@ridgeline/shared/contracts/chat';
import { api } from '../../../lib/api-client';
import { chatKeys } from './chat-keys';

// GET /api/chat/colleagues: the colleagues of the same company (without me), by first name. The new
// conversation dialog, the members dialog and the @mention suggestions list them.

export function fetchColleagues() {
  return api.get('/api/chat/colleagues', { schema: chatColleaguesResponseSchema });
}

export function useColleagues() {
  return useQuery({ queryKey: chatKeys.colleagues, queryFn: fetchColleagues, staleTime: 60_000, select: (data) => data.colleagues });
}
