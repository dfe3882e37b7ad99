import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, pgView, text, uuid } from 'drizzle-orm/pg-core';
import type { PlatformRole } from '@ridgeline/shared/domain/roles';
import { createdAt, timestampTz, timestamps } from './columns';

/** Platform-wide settings such as maintenance_mode ({ enabled }). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
});

/** Per-page help: a route pattern with an https YouTube or Vimeo embed, a short written guide, or both. */
export const tutorials = pgTable(
  'tutorials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pageRoute: text('page_route').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    title: text('title').notNull(),
    description: text('description'),
    /** A YouTube or Vimeo video about the page; null when the page has only a written guide. */
    embedCode: text('embed_code'),
    /** A short written guide, one step a line; null when the video says it all. */
    guide: text('guide'),
    ...timestamps(),
  },
  (t) => [index('tutorials_route_idx').on(t.pageRoute), check('tutorials_video_or_guide', sql`${t.embedCode} is not null or ${t.guide} is not null`)],
);

/** Mail written here (and to the log) when no SMTP_URL is configured. */
export const mailOutbox = pgTable('mail_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  /** The files the mail carries, named with their size ({ fileName, size }[]); null when none. */
  attachments: jsonb('attachments'),
  createdAt: createdAt(),
});

/** Server-side rate-limit counters, shared by every API instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStart: timestampTz('window_start').notNull().defaultNow(),
  blockedUntil: timestampTz('blocked_until'),
  /** The events the last lease handed to an instance (`take`), 0 when it found the budget spent. */
  granted: integer('granted').notNull().default(0),
});

/**
 * The profiles the app reads, derived from better-auth's user and membership so there is one
 * source of truth: is_enabled is the inverse of the ban, role is the platform role.
 */
export const profiles = pgView('profiles', {
  id: text('id').notNull(),
  userId: text('user_id').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  companyId: text('company_id'),
  avatarUrl: text('avatar_url'),
  role: text('role').$type<PlatformRole>().notNull(),
  isEnabled: boolean('is_enabled').notNull(),
}).as(
  sql`select u.id as id, u.id as user_id, u.first_name, u.last_name, u.email, m.company_id::text as company_id,
      u.image as avatar_url, u.role,
      not (coalesce(u.banned, false) and (u.ban_expires is null or u.ban_expires > now())) as is_enabled
    from "user" u left join members m on m.user_id = u.id`,
);
