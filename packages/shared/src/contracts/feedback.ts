import { z } from 'zod';
import { FEEDBACK_MESSAGE_MAX, FEEDBACK_PAGE_MAX, FEEDBACK_SOURCES, FEEDBACK_STATUSES, FEEDBACK_TYPES } from '../domain/feedback';
import { multiLineString, singleLineString } from './common';

// Feedback to the Ridgeline team. A user sends a problem, an idea or a question (about a page, with
// a screenshot picked first) and follows it in the Feedback Loop: its status and a thread of replies.
// Platform admins triage every company's feedback: filters, status changes and replies.

const isoDateTime = z.iso.datetime({ offset: true });

export const feedbackTypeSchema = z.enum(FEEDBACK_TYPES);
export const feedbackStatusSchema = z.enum(FEEDBACK_STATUSES);
export const feedbackSourceSchema = z.enum(FEEDBACK_SOURCES);

const text = (what: string) =>
  multiLineString()
    .trim()
    .min(1, `Write the ${what}.`)
    .max(FEEDBACK_MESSAGE_MAX, `Keep the ${what} to ${FEEDBACK_MESSAGE_MAX.toLocaleString('en-US')} characters or fewer.`);

const APP_PATH = /^\/(?!\/)\S*$/;

/** A path of the app ('/projects/123'), the page the feedback is about; empty means none. */
export const feedbackPageSchema = singleLineString()
  .trim()
  .max(FEEDBACK_PAGE_MAX, `A page is at most ${FEEDBACK_PAGE_MAX} characters.`)
  .refine((page) => page === '' || APP_PATH.test(page), 'A page is a path of Ridgeline, starting with /.')
  .transform((page) => page || null);

/**
 * PUT /api/feedback/screenshots?draft=<uuid>: the feedback form's own id, made when it opens. A
 * screenshot uploaded for a draft replaces the author's screenshot still waiting for the same draft
 * (its file is deleted), so picking another image never leaves the first one behind.
 */
export const uploadScreenshotQuerySchema = z.object({ draft: z.uuid().optional() });
export type UploadScreenshotQuery = z.infer<typeof uploadScreenshotQuerySchema>;

/** PUT /api/feedback/screenshots answers the screenshot waiting to be sent with feedback. */
export const feedbackScreenshotSchema = z.object({
  id: z.uuid(),
  contentType: z.string(),
  byteSize: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type FeedbackScreenshot = z.infer<typeof feedbackScreenshotSchema>;

/**
 * POST /api/feedback. `page` is filled in when the form is opened from a page's help; `screenshotId`
 * is a screenshot the author uploaded and has not sent yet. The browser is read from the request.
 */
export const createFeedbackSchema = z.object({
  type: feedbackTypeSchema,
  message: text('message'),
  page: feedbackPageSchema.nullable().optional(),
  appVersion: singleLineString().trim().min(1).max(64),
  screenshotId: z.uuid().nullable().optional(),
});
export type CreateFeedbackInput = z.input<typeof createFeedbackSchema>;

/** POST /api/feedback/:id/replies and POST /api/admin/feedback/:id/replies. */
export const feedbackReplySchema = z.object({ body: text('reply') });
export type FeedbackReplyInput = z.input<typeof feedbackReplySchema>;

/** PATCH /api/admin/feedback/:id: the team moves it to another status. */
export const setFeedbackStatusSchema = z.object({ status: feedbackStatusSchema });

/** One entry of the thread: a reply (by the author or the team) or a status change (by the team). */
export const feedbackEntrySchema = z.object({
  id: z.uuid(),
  kind: z.enum(['reply', 'status']),
  /** The reply's words; null for a status change. */
  body: z.string().nullable(),
  /** The status it moved to; null for a reply. */
  status: feedbackStatusSchema.nullable(),
  /** Who wrote it: the author, or someone of the Ridgeline team. */
  byTeam: z.boolean(),
  authorName: z.string().nullable(),
  createdAt: isoDateTime,
});
export type FeedbackEntry = z.infer<typeof feedbackEntrySchema>;

/** A piece of feedback as its author's list shows it. */
export const feedbackItemSchema = z.object({
  id: z.uuid(),
  type: feedbackTypeSchema,
  status: feedbackStatusSchema,
  source: feedbackSourceSchema,
  message: z.string(),
  page: z.string().nullable(),
  replyCount: z.number().int(),
  /** Whose the last reply is: the team's (an answer to read), the author's, or none yet. */
  lastReplyBy: z.enum(['team', 'author']).nullable(),
  createdAt: isoDateTime,
  /** The last change: sent, a reply or a status change. */
  updatedAt: isoDateTime,
});
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;

/** The screenshot sent with it, through a signed URL that expires. */
export const feedbackScreenshotViewSchema = z.object({ url: z.string(), contentType: z.string(), width: z.number().int(), height: z.number().int() });

/** GET /api/feedback/:id: the item, what came with it, and its thread oldest first. */
export const feedbackDetailSchema = feedbackItemSchema.extend({
  appVersion: z.string().nullable(),
  browser: z.string().nullable(),
  screenshot: feedbackScreenshotViewSchema.nullable(),
  entries: z.array(feedbackEntrySchema),
});
export type FeedbackDetail = z.infer<typeof feedbackDetailSchema>;

/** GET /api/feedback: the signed-in user's own feedback, last changed first. */
export const feedbackListSchema = z.object({ items: z.array(feedbackItemSchema) });
export type FeedbackList = z.infer<typeof feedbackListSchema>;

const companyRefSchema = z.object({ id: z.uuid(), name: z.string() });
const authorRefSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

/** GET /api/admin/feedback?status=&type=&companyId=&page=: the triage list across companies. */
export const adminFeedbackQuerySchema = z.object({
  status: z.union([feedbackStatusSchema, z.literal('open')]).optional(),
  type: feedbackTypeSchema.optional(),
  companyId: z.uuid().optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
});
export type AdminFeedbackQuery = z.input<typeof adminFeedbackQuerySchema>;

export const adminFeedbackItemSchema = feedbackItemSchema.extend({ company: companyRefSchema, author: authorRefSchema.nullable() });
export type AdminFeedbackItem = z.infer<typeof adminFeedbackItemSchema>;

export const adminFeedbackPageSchema = z.object({
  items: z.array(adminFeedbackItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Every company that has sent feedback, by name: the company filter's choices. */
  companies: z.array(companyRefSchema),
});
export type AdminFeedbackPage = z.infer<typeof adminFeedbackPageSchema>;

/** GET /api/admin/feedback/:id. */
export const adminFeedbackDetailSchema = feedbackDetailSchema.extend({ company: companyRefSchema, author: authorRefSchema.nullable() });
export type AdminFeedbackDetail = z.infer<typeof adminFeedbackDetailSchema>;

/** GET /api/admin/feedback/summary: how many items the team still has work in (new, planned, in progress), and how many are new. */
export const feedbackSummarySchema = z.object({ open: z.number().int(), new: z.number().int() });
export type FeedbackSummary = z.infer<typeof feedbackSummarySchema>;
