import { useQuery } from '@tanstack/react-query';
import { tutorialListSchema, type Tutorial } from '@ridgeline/shared/contracts/tutorial-views';
import { safeEmbedUrl } from '@ridgeline/shared/domain/tutorial-embed';
import { api } from '../../lib/api-client';

// The help button reads its page's tutorial on every signed-in page: this read has its own file, so
// the first load does not carry the tutorials page's writes.

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
