import { z } from 'zod';
import { ASSISTANT_TASKS, CODE_EDITIONS, CONFIDENCE_MARKS, DAILY_ANSWER_LIMIT_MAX, PASSAGE_TOPICS, QUESTION_MAX_CHARS } from '../domain/assistant';
import { idSchema, longText, shortText, singleLineString, updateBody } from './common';

// The assistant: a private conversation per user (general, and one per claim file), answers with
// their checked citations, ratings, the company's settings, and the knowledge base platform admins keep.
// GET /api/assistant/conversation?projectId=, POST /api/assistant/ask (a text/event-stream),
// POST /api/assistant/messages/:id/rating, GET/PATCH /api/assistant/settings,
// GET/POST /api/admin/knowledge, PATCH /api/admin/knowledge/:id.

export const passageCitationSchema = z.object({
  kind: z.literal('passage'),
  slug: z.string(),
  section: z.string(),
  title: z.string(),
  source: z.string(),
  edition: z.string(),
  confidence: z.enum(CONFIDENCE_MARKS),
});
export const claimCitationSchema = z.object({
  kind: z.literal('claim'),
  ref: z.string(),
  label: z.string(),
  /** Where in the app the record is (a path inside the app). */
  href: z.string().nullable(),
});
export const citationSchema = z.discriminatedUnion('kind', [passageCitationSchema, claimCitationSchema]);
export type Citation = z.infer<typeof citationSchema>;
export type PassageCitation = z.infer<typeof passageCitationSchema>;
export type ClaimCitation = z.infer<typeof claimCitationSchema>;

export const assistantMessageSchema = z.object({
  id: idSchema,
  role: z.enum(['user', 'assistant']),
  task: z.enum(ASSISTANT_TASKS),
  research: z.boolean(),
  content: z.string(),
  /** builtin: retrieved passages and claim facts, no generated prose; provider: written by the AI provider. */
  mode: z.enum(['builtin', 'provider']).nullable(),
  citations: z.array(citationSchema),
  /** Citations of the provider's answer that did not resolve to a passage or a claim record: taken out of the text. */
  dropped: z.array(z.string()),
  rating: z.enum(['helpful', 'wrong']).nullable(),
  createdAt: z.string(),
});
export type AssistantMessage = z.infer<typeof assistantMessageSchema>;

export const assistantStatusSchema = z.object({
  /** What answers come from now: the provider (configured and allowed by the owner), or built-in. */
  mode: z.enum(['builtin', 'provider']),
  notice: z.string().nullable(),
  answersToday: z.number().int(),
  dailyLimit: z.number().int(),
  codeEdition: z.enum(CODE_EDITIONS),
});
export type AssistantStatus = z.infer<typeof assistantStatusSchema>;

/** GET /api/assistant/conversation */
export const conversationQuerySchema = z.object({ projectId: z.uuid().optional() });
export const assistantConversationSchema = z.object({
  id: idSchema,
  projectId: idSchema.nullable(),
  /** The claim file's title when the conversation is about one. */
  projectTitle: z.string().nullable(),
  messages: z.array(assistantMessageSchema),
  status: assistantStatusSchema,
});
export type AssistantConversation = z.infer<typeof assistantConversationSchema>;

/** POST /api/assistant/ask: answered as server-sent events (`token`, then `done` with the saved answer, or `error`). */
export const questionSchema = longText(QUESTION_MAX_CHARS).pipe(z.string().min(1, 'Type a question'));
export const askSchema = z
  .object({
    question: questionSchema,
    projectId: z.uuid().nullable().optional(),
    task: z.enum(ASSISTANT_TASKS).default('answer'),
    research: z.boolean().default(false),
  })
  .refine((input) => input.task === 'answer' || Boolean(input.projectId), { message: 'Open a claim file to draft a letter or a summary', path: ['task'] });
export type AskInput = z.input<typeof askSchema>;

/** The `done` event's data. */
export const askDoneSchema = z.object({ question: assistantMessageSchema, answer: assistantMessageSchema });
export type AskDone = z.infer<typeof askDoneSchema>;

/** POST /api/assistant/messages/:id/rating (a wrong answer is filed as feedback to the Ridgeline team). */
export const rateAnswerSchema = z.object({ rating: z.enum(['helpful', 'wrong']), note: longText(1000).nullable().optional() });
export type RateAnswerInput = z.input<typeof rateAnswerSchema>;

export const assistantSettingsSchema = z.object({
  codeEdition: z.enum(CODE_EDITIONS),
  providerEnabled: z.boolean(),
  /** Whether the server has a provider at all (ASSISTANT_API_KEY). */
  providerConfigured: z.boolean(),
  dailyLimit: z.number().int(),
});
export type AssistantSettings = z.infer<typeof assistantSettingsSchema>;
/** PATCH /api/assistant/settings (owners). */
export const updateAssistantSettingsSchema = updateBody({
  codeEdition: z.enum(CODE_EDITIONS).optional(),
  providerEnabled: z.boolean().optional(),
  dailyLimit: z.number().int().min(1).max(DAILY_ANSWER_LIMIT_MAX).optional(),
});
export type UpdateAssistantSettingsInput = z.input<typeof updateAssistantSettingsSchema>;

export const passageSchema = z.object({
  id: idSchema,
  slug: z.string(),
  topic: z.enum(PASSAGE_TOPICS),
  section: z.string(),
  title: z.string(),
  body: z.string(),
  source: z.string(),
  editionNote: z.string(),
  editions: z.array(z.enum(CODE_EDITIONS)),
  confidence: z.enum(CONFIDENCE_MARKS),
  keywords: z.string(),
  retired: z.boolean(),
});
export type Passage = z.infer<typeof passageSchema>;
export const passageListSchema = z.object({ passages: z.array(passageSchema) });

const passageFields = {
  slug: singleLineString()
    .trim()
    .min(1)
    .max(80)
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'Lowercase letters, digits and dashes'),
  topic: z.enum(PASSAGE_TOPICS),
  section: shortText(160),
  title: shortText(200),
  body: longText(4000).pipe(z.string().min(1, 'Write the passage')),
  source: shortText(500),
  editionNote: singleLineString().trim().max(60).default(''),
  editions: z.array(z.enum(CODE_EDITIONS)).max(CODE_EDITIONS.length).default([]),
  confidence: z.enum(CONFIDENCE_MARKS),
  keywords: singleLineString().trim().max(300).default(''),
};
/** POST /api/admin/knowledge (409 CONFLICT for a slug in use). */
export const createPassageSchema = z.object(passageFields);
export type CreatePassageInput = z.input<typeof createPassageSchema>;
/** PATCH /api/admin/knowledge/:id: any field, or `retired` (a retired passage is never retrieved or cited). */
export const updatePassageSchema = updateBody({
  topic: passageFields.topic.optional(),
  section: passageFields.section.optional(),
  title: passageFields.title.optional(),
  body: passageFields.body.optional(),
  source: passageFields.source.optional(),
  editionNote: singleLineString().trim().max(60).optional(),
  editions: z.array(z.enum(CODE_EDITIONS)).max(CODE_EDITIONS.length).optional(),
  confidence: passageFields.confidence.optional(),
  keywords: singleLineString().trim().max(300).optional(),
  retired: z.boolean().optional(),
});
export type UpdatePassageInput = z.input<typeof updatePassageSchema>;
