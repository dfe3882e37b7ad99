import { z } from 'zod';
import { GUIDE_MAX_LENGTH, safeEmbedUrl } from '../domain/tutorial-embed';
import { multiLineString, updateBody } from './common';

export * from './tutorial-views';

// Help shown per page: page_route, is_active, title, description, embed_code (a video) and guide
// (a short written guide, one step a line). A tutorial has a video, a guide or both.

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
  .max(2000)
  .refine((value) => value === '' || safeEmbedUrl(value) !== null, 'Only https YouTube or Vimeo videos can be embedded')
  .transform((value) => value || null);
const guide = multiLineString()
  .trim()
  .max(GUIDE_MAX_LENGTH, `Keep the guide to ${GUIDE_MAX_LENGTH} characters or fewer.`)
  .transform((value) => value || null);

export const VIDEO_OR_GUIDE_MESSAGE = 'Add a video link or a written guide';

export const createTutorialSchema = z
  .object({
    pageRoute,
    title: z.string().trim().min(1).max(120),
    description: z.string().trim().max(1000).nullable().optional(),
    embedCode: embedCode.nullable().optional(),
    guide: guide.nullable().optional(),
    isActive: z.boolean().optional().default(true),
  })
  .refine((tutorial) => Boolean(tutorial.embedCode) || Boolean(tutorial.guide), { message: VIDEO_OR_GUIDE_MESSAGE, path: ['guide'] });
export type CreateTutorialInput = z.input<typeof createTutorialSchema>;

export const updateTutorialSchema = updateBody({
  pageRoute: pageRoute.optional(),
  title: z.string().trim().min(1).max(120).optional(),
  description: z.string().trim().max(1000).nullable().optional(),
  embedCode: embedCode.nullable().optional(),
  guide: guide.nullable().optional(),
  isActive: z.boolean().optional(),
});
export type UpdateTutorialInput = z.input<typeof updateTutorialSchema>;
