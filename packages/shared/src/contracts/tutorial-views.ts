import { z } from 'zod';

// A page's help as every signed-in page reads it (the help button): a video, a short written guide
// (one step a line), or both. Apart from the admin's write rules, so the first load carries none of
// them. `contracts/tutorials.ts` re-exports it.

export const tutorialSchema = z.object({
  id: z.string(),
  pageRoute: z.string(),
  isActive: z.boolean(),
  title: z.string(),
  description: z.string().nullable(),
  embedCode: z.string().nullable(),
  guide: z.string().nullable(),
  updatedAt: z.string(),
});
export type Tutorial = z.infer<typeof tutorialSchema>;
export const tutorialListSchema = z.object({ tutorials: z.array(tutorialSchema) });
export type TutorialList = z.infer<typeof tutorialListSchema>;
