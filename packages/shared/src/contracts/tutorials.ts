import { z } from 'zod';
import { safeEmbedUrl } from '../domain/tutorial-embed';

export * from './tutorial-views';

// Help videos shown per page: page_route, is_active, title, description, embed_code.

/** GET /api/tutorials?route=: the page being shown. */
export const tutorialQuerySchema = z.object({ route: z.string().trim().min(1).max(300).startsWith('/') });

const pageRoute = z
  .string()
  .trim()
  .max(200)
  .regex(/^\/[\w\-/:*]*$/, 'A page route starts with / and may end with /* for every page below it');
const embedCode = z
  .string()
  .trim()
  .min(1, 'Paste a YouTube or Vimeo link or embed code')
  .max(2000)
  .refine((value) => safeEmbedUrl(value) !== null, 'Only https YouTube or Vimeo videos can be embedded');

export const createTutorialSchema = z.object({
  pageRoute,
  title: z.string().trim().min(1).max(120),
  description: z.string().trim().max(1000).nullable().optional(),
  embedCode,
  isActive: z.boolean().optional().default(true),
});
export type CreateTutorialInput = z.input<typeof createTutorialSchema>;

export const updateTutorialSchema = z
  .object({
    pageRoute: pageRoute.optional(),
    title: z.string().trim().min(1).max(120).optional(),
    description: z.string().trim().max(1000).nullable().optional(),
    embedCode: embedCode.optional(),
    isActive: z.boolean().optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), 'Nothing to change');
export type UpdateTutorialInput = z.input<typeof updateTutorialSchema>;
