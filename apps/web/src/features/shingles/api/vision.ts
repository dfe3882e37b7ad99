import { useMutation, useQuery } from '@tanstack/react-query';
import { shingleVisionStatusSchema, shingleVisionSuggestionSchema, type ShingleVisionSuggestion } from '@ridgeline/shared/contracts/shingles';
import { api } from '../../../lib/api-client';
import { shingleVisionKey } from './keys';

// GET /api/shingles/vision: whether suggestions from a photo are offered (an AI provider is set up
// and the company has not turned it off). POST /api/shingles/vision-suggestions: the body is the
// photo itself; the answer is suggestions the user checks, never the result.

export function useShingleVision() {
  return useQuery({ queryKey: shingleVisionKey, queryFn: () => api.get('/api/shingles/vision', { schema: shingleVisionStatusSchema }), staleTime: 5 * 60_000 });
}

export function suggestFromPhoto(photo: File): Promise<ShingleVisionSuggestion> {
  return api.post('/api/shingles/vision-suggestions', photo, { schema: shingleVisionSuggestionSchema });
}

export function useSuggestFromPhoto() {
  return useMutation({ mutationFn: suggestFromPhoto });
}
