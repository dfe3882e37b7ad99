import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AssistantMessage } from '@ridgeline/shared/contracts/assistant';
import type { AssistantTask, CodeEdition, Confidence, PassageTopic } from '@ridgeline/shared/domain/assistant';
import { createdAt, textRef, timestampTz, timestamps } from './columns';
import { user } from './auth';
import { companyRef } from './companies';

/** What a counted assistant use was for: an answer (chat, letters) or a photo read by vision (Shingle ID). */
export type AssistantUseKind = 'answer' | 'vision';
import { projects } from './projects';

/** PostgreSQL's full-text document type (drizzle has no builder of its own for it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The assistant's knowledge base: researched passages about the residential code (IRC), shingle
 * makers' requirements, estimating practice and hail damage, shared by every company. Each passage
 * keeps its section, the editions it holds in (none: not tied to an edition), its source and its
 * confidence mark (P primary, S secondary, ? unverified). `search` is the full-text document,
 * weighted: section, title and keywords (A) above the body (B), kept by PostgreSQL itself. Platform
 * admins add, edit and retire passages; a retired passage is never retrieved or cited again.
 */
export const knowledgePassages = pgTable(
  'knowledge_passages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The stable name answers cite it by (`[K:slug]`). */
    slug: text('slug').notNull(),
    topic: text('topic').$type<PassageTopic>().notNull(),
    section: text('section').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    source: text('source').notNull(),
    /** The editions the source speaks to, as written ("2018/2021", "2012-2021"). */
    editionNote: text('edition_note').notNull().default(''),
    /** The adopted IRC editions under which it holds; empty: not tied to an edition. */
    editions: text('editions')
      .array()
      .$type<CodeEdition[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    confidence: text('confidence').$type<Confidence>().notNull(),
    keywords: text('keywords').notNull().default(''),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', coalesce(section, '') || ' ' || coalesce(title, '') || ' ' || coalesce(keywords, '')), 'A') || setweight(to_tsvector('english', coalesce(body, '')), 'B')`,
      ),
    retiredAt: timestampTz('retired_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('knowledge_passages_slug_unique').on(t.slug),
    index('knowledge_passages_search_idx').using('gin', t.search),
    check('knowledge_passages_confidence_known', sql`${t.confidence} in ('P', 'S', '?')`),
    check('knowledge_passages_topic_known', sql`${t.topic} in ('code', 'manufacturer', 'estimating', 'hail')`),
  ],
);

/**
 * A user's conversation with the assistant: one general one per user, and one per claim file and
 * user. Private to that user; the claim file's must be of the user's company.
 */
export const assistantConversations = pgTable(
  'assistant_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    userId: textRef('user_id', () => user.id),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('assistant_conversations_general_unique')
      .on(t.userId)
      .where(sql`${t.projectId} is null`),
    uniqueIndex('assistant_conversations_project_unique')
      .on(t.userId, t.projectId)
      .where(sql`${t.projectId} is not null`),
    index('assistant_conversations_company_idx').on(t.companyId),
  ],
);

/**
 * One turn of a conversation: the user's question, or the assistant's answer with its checked
 * citations (and those dropped), its mode (built-in or provider), the provider's usage, and the
 * user's rating. An answer is written with its question in one transaction once complete: a stream
 * cut or stopped halfway leaves neither.
 */
export const assistantMessages = pgTable(
  'assistant_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => assistantConversations.id, { onDelete: 'cascade' }),
    role: text('role').$type<AssistantMessage['role']>().notNull(),
    task: text('task').$type<AssistantTask>().notNull().default('answer'),
    research: boolean('research').notNull().default(false),
    content: text('content').notNull(),
    mode: text('mode').$type<NonNullable<AssistantMessage['mode']>>(),
    citations: jsonb('citations').notNull().default([]),
    dropped: jsonb('dropped').notNull().default([]),
    model: text('model'),
    promptTokens: integer('prompt_tokens'),
    completionTokens: integer('completion_tokens'),
    durationMs: integer('duration_ms'),
    rating: text('rating').$type<NonNullable<AssistantMessage['rating']>>(),
    ratingNote: text('rating_note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('assistant_messages_conversation_idx').on(t.conversationId, t.createdAt),
    index('assistant_messages_company_day_idx')
      .on(t.companyId, t.createdAt)
      .where(sql`${t.role} = 'assistant'`),
    check('assistant_messages_role_known', sql`${t.role} in ('user', 'assistant')`),
    check('assistant_messages_rating_known', sql`${t.rating} is null or ${t.rating} in ('helpful', 'wrong')`),
  ],
);

/**
 * One use of the company's daily assistant limit: an answer (built-in or from the provider) or a
 * suggestion from a photo. It is reserved, under the company's lock, before the answer is made or
 * the provider asked, so it counts from that moment; settled (with the model) when the call ends;
 * deleted when the provider refused before answering (the use is given back). A reservation a
 * stopped server never settled still counts for its day. An answer's row names its conversation:
 * while it is unsettled, the conversation takes no other question.
 */
export const assistantUses = pgTable(
  'assistant_uses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    userId: textRef('user_id', () => user.id),
    kind: text('kind').$type<AssistantUseKind>().notNull(),
    conversationId: uuid('conversation_id').references(() => assistantConversations.id, { onDelete: 'set null' }),
    model: text('model'),
    createdAt: createdAt(),
    settledAt: timestampTz('settled_at'),
  },
  (t) => [
    index('assistant_uses_company_day_idx').on(t.companyId, t.createdAt),
    index('assistant_uses_unsettled_idx')
      .on(t.conversationId)
      .where(sql`${t.settledAt} is null`),
    check('assistant_uses_kind_known', sql`${t.kind} in ('answer', 'vision')`),
  ],
);
