import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  tutorialListSchema,
  tutorialSchema,
  type CreateTutorialInput,
  type Tutorial,
  type UpdateTutorialInput,
} from '@ridgeline/shared/contracts/tutorials';
import { safeEmbedUrl } from '@ridgeline/shared/domain/tutorial-embed';
import { api } from '../../lib/api-client';

export const tutorialsKey = ['tutorials'] as const;

/** The page's first active tutorial with a safe embed; a read error is logged and means none. */
export async function fetchPageTutorial(route: string): Promise<(Tutorial & { embedUrl: string }) | null> {
  try {
    const { tutorials } = await api.get(`/api/tutorials?route=${encodeURIComponent(route)}`, { schema: tutorialListSchema });
    for (const tutorial of tutorials) {
      const embedUrl = safeEmbedUrl(tutorial.embedCode);
      if (embedUrl) return { ...tutorial, embedUrl };
    }
    return null;
  } catch (error) {
    console.warn('Tutorials could not be read; carrying on without help for this page.', error);
    return null;
  }
}

export function usePageTutorial(route: string) {
  return useQuery({ queryKey: [...tutorialsKey, 'page', route], queryFn: () => fetchPageTutorial(route), staleTime: 5 * 60_000 });
}

export function useAllTutorials() {
  return useQuery({ queryKey: [...tutorialsKey, 'all'], queryFn: () => api.get('/api/tutorials/all', { schema: tutorialListSchema }) });
}

export function useSaveTutorial() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: CreateTutorialInput | UpdateTutorialInput }) =>
      id
        ? api.patch(`/api/admin/tutorials/${id}`, input, { schema: tutorialSchema })
        : api.post('/api/admin/tutorials', input, { schema: tutorialSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: tutorialsKey }),
  });
}
