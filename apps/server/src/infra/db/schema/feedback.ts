import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { FeedbackSource, FeedbackStatus, FeedbackType } from '@ridgeline/shared/domain/feedback';
import type { FeedbackEntry } from '@ridgeline/shared/contracts/feedback';
import { createdAt, textRef, timestamps } from './columns';
import { user } from './auth';
import { companyRef } from './companies';

/**
 * Feedback to the Ridgeline team: a problem, an idea or a question from a user of a company, about a
 * page, with the app version and browser it was sent from. Only its author (and platform admins)
 * read it. `source` says who filed it: the user, or the assistant for an answer the user rated wrong
 * (`source_ref` is then the rating's id, once per source). `updated_at` is the last change: sent, a
 * reply or a status change.
 */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    authorId: textRef('author_id', () => user.id),
    type: text('type').$type<FeedbackType>().notNull(),
    status: text('status').notNull().default('new').$type<FeedbackStatus>(),
    source: text('source').$type<FeedbackSource>().notNull().default('user'),
    sourceRef: text('source_ref'),
    message: text('message').notNull(),
    page: text('page'),
    appVersion: text('app_version'),
    browser: text('browser'),
    ...timestamps(),
  },
  (t) => [
    index('feedback_author_idx').on(t.companyId, t.authorId, t.updatedAt.desc()),
    index('feedback_triage_idx').on(t.status, t.updatedAt.desc()),
    index('feedback_company_idx').on(t.companyId, t.updatedAt.desc()),
    uniqueIndex('feedback_source_ref_unique')
      .on(t.source, t.sourceRef)
      .where(sql`${t.sourceRef} is not null`),
    check('feedback_type_known', sql`${t.type} in ('problem', 'idea', 'question')`),
    check('feedback_status_known', sql`${t.status} in ('new', 'planned', 'in_progress', 'done', 'wont_do')`),
    check('feedback_source_known', sql`${t.source} in ('user', 'assistant')`),
  ],
);

/**
 * A screenshot for feedback, in the private feedback-screenshots bucket. It is uploaded first (so
 * a refused image is said before anything is sent) and waits with no `feedback_id` until its author
 * sends the feedback, which takes it; one never sent is deleted after a day.
 */
export const feedbackScreenshots = pgTable(
  'feedback_screenshots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    authorId: textRef('author_id', () => user.id),
    feedbackId: uuid('feedback_id').references(() => feedback.id, { onDelete: 'cascade' }),
    /** The feedback form it was chosen in (its id, made when the form opens): a newer screenshot of the same draft replaces it. */
    draftId: uuid('draft_id'),
    objectPath: text('object_path').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: bigint('byte_size', { mode: 'number' }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('feedback_screenshots_feedback_unique').on(t.feedbackId),
    index('feedback_screenshots_unsent_idx')
      .on(t.createdAt)
      .where(sql`${t.feedbackId} is null`),
  ],
);

/** The thread of a piece of feedback, oldest first: replies (the author's or the team's) and the team's status changes. */
export const feedbackEntries = pgTable(
  'feedback_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    feedbackId: uuid('feedback_id')
      .notNull()
      .references(() => feedback.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    byTeam: boolean('by_team').notNull(),
    kind: text('kind').$type<FeedbackEntry['kind']>().notNull(),
    body: text('body'),
    status: text('status').$type<FeedbackStatus>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('feedback_entries_feedback_idx').on(t.feedbackId, t.createdAt),
    check('feedback_entries_kind', sql`(${t.kind} = 'reply' and ${t.body} is not null) or (${t.kind} = 'status' and ${t.status} is not null)`),
  ],
);
