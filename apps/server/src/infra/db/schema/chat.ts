import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Notification } from '@ridgeline/shared/contracts/chat';
import type { MessageType } from '@ridgeline/shared/domain/chat';
import { createdAt, textRef, timestampTz, timestamps } from './columns';
import { user } from './auth';
import { companyRef } from './companies';

/**
 * A team conversation inside one company: a direct message (two members, `dm_key` = the two profile
 * ids sorted and joined with ':', unique so a pair has one), a group (a name, or 'Group Chat' when it
 * has none), or a claim file's thread (named `project:{projectId}`, one per project). Archived ones
 * are hidden from the list and can be restored.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    isGroup: boolean('is_group').notNull().default(false),
    name: text('name'),
    dmKey: text('dm_key'),
    archived: boolean('archived').notNull().default(false),
    lastMessageAt: timestampTz('last_message_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('conversations_company_idx').on(t.companyId),
    uniqueIndex('conversations_dm_key_unique')
      .on(t.companyId, t.dmKey)
      .where(sql`${t.dmKey} is not null`),
    uniqueIndex('conversations_project_thread_unique')
      .on(t.companyId, t.name)
      .where(sql`${t.name} like 'project:%'`),
  ],
);

/** Who is in a conversation, and up to when they have read it (unread = later messages not their own). */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    profileId: textRef('profile_id', () => user.id),
    lastReadAt: timestampTz('last_read_at'),
    addedAt: timestampTz('added_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.profileId] }), index('conversation_members_profile_idx').on(t.profileId, t.addedAt.desc())],
);

/**
 * A message: text or one attachment (message_type image, video, audio or file from the file's real
 * bytes). `seq` orders every message of the database, so a client that missed some (a dropped socket,
 * a restarted server) asks for those after the last it holds. `client_id` is the sender's id for the
 * message, so one written offline and sent again is stored once. `pushed_at`: when the other members'
 * devices were told (claimed once, so a message is pushed once however often its event arrives).
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: text('sender_id').references(() => user.id, { onDelete: 'set null' }),
    content: text('content').notNull().default(''),
    messageType: text('message_type').$type<MessageType>().notNull().default('text'),
    clientId: uuid('client_id'),
    createdAt: createdAt(),
    pushedAt: timestampTz('pushed_at'),
  },
  (t) => [
    uniqueIndex('messages_seq_unique').on(t.seq),
    index('messages_conversation_seq_idx').on(t.conversationId, t.seq.desc()),
    uniqueIndex('messages_sender_client_unique')
      .on(t.senderId, t.clientId)
      .where(sql`${t.clientId} is not null`),
  ],
);

/** The file of an attachment message, in the chat-attachments bucket at {conversationId}/{userId}/{timestamp}-{filename}. */
export const messageAttachments = pgTable(
  'message_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    objectPath: text('object_path').notNull(),
    fileName: text('file_name').notNull(),
    fileType: text('file_type').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('message_attachments_message_idx').on(t.messageId)],
);

/** A colleague @mentioned in a message. */
export const messageMentions = pgTable(
  'message_mentions',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    mentionedProfileId: textRef('mentioned_profile_id', () => user.id),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.mentionedProfileId] }), index('message_mentions_profile_idx').on(t.mentionedProfileId)],
);

/**
 * What a user is told in /inbox: a mention today, later assignments, status changes and finished
 * uploads. `link` is the in-app path it opens; unread until `read_at`.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyRef(),
    profileId: textRef('profile_id', () => user.id),
    kind: text('kind').$type<Notification['kind']>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link'),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    readAt: timestampTz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_profile_created_idx').on(t.profileId, t.createdAt.desc())],
);

/** A browser's push subscription, one row per endpoint (a re-subscription updates it). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    deviceInfo: text('device_info'),
    profileId: textRef('profile_id', () => user.id),
    userId: textRef('user_id', () => user.id),
    ...timestamps(),
  },
  (t) => [index('push_subscriptions_profile_idx').on(t.profileId)],
);
