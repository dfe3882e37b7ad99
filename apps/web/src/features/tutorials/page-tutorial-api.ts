import { useQuery } from '@tanstack/react-query';
import { tutorialListSchema, type Tutorial } from '@ridgeline/shared/contracts/tutorial-views';
import { guideSteps, safeEmbedUrl } from '@ridgeline/shared/domain/tutorial-embed';
import { api } from '../../lib/api-client';

// The help button reads its page's tutorial on every signed-in page: this read has its own file, so
// the first load does not carry the tutorials page's writes.

export const tutorialsKey = ['tutorials'] as const;

/** A page's help as the dialog shows it: the video (a safe embed URL) and the written guide's steps, at least one of them. */
export type PageHelp = Tutorial & { embedUrl: string | null; steps: string[] };

/** The help a tutorial gives: null when it has neither a safe video nor a written guide. */
export function helpOf(tutorial: Tutorial): PageHelp | null {
  const embedUrl = safeEmbedUrl(tutorial.embedCode);
  const steps = guideSteps(tutorial.guide);
  return embedUrl || steps.length > 0 ? { ...tutorial, embedUrl, steps } : null;
}

/** The page's first active tutorial with a safe video or a written guide; a read error is logged and means none. */
export async function fetchPageTutorial(route: string): Promise<PageHelp | null> {
  try {
    const { tutorials } = await api.get(`/api/tutorials?route=${encodeURIComponent(route)}`, { schema: tutorialListSchema });
    for (const tutorial of tutorials) {
      const help = helpOf(tutorial);
      if (help) return help;
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
