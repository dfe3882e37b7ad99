import { z } from 'zod';
import { CHAT_MESSAGE_MAX_LENGTH, GROUP_NAME_MESSAGE, MESSAGE_TYPES, SELECT_MEMBERS_MESSAGE } from '../domain/chat';
import { multiLineString, singleLineString } from './common';

// Team chat: conversations (direct messages, groups, claim-file threads), members, messages with
// attachments and mentions, the inbox's notifications, web push, and the realtime socket's events.

const isoDateTime = z.iso.datetime({ offset: true });
const profileId = singleLineString().min(1).max(64);

// ---------------------------------------------------------------- people

/** A colleague of the same company, as the chat lists and mentions them. */
export const chatColleagueSchema = z.object({
  id: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
});
export type ChatColleague = z.infer<typeof chatColleagueSchema>;
export const chatColleaguesResponseSchema = z.object({ colleagues: z.array(chatColleagueSchema) });

// ---------------------------------------------------------------- conversations

export const conversationMemberSchema = chatColleagueSchema.extend({ addedAt: isoDateTime });
export type ConversationMember = z.infer<typeof conversationMemberSchema>;

/** A conversation as its members see it. `title` is the group's name ('Group Chat' when empty) or, for a direct message, the colleague's name. */
export const conversationSchema = z.object({
  id: z.uuid(),
  isGroup: z.boolean(),
  name: z.string().nullable(),
  title: z.string(),
  archived: z.boolean(),
  /** Set for a claim file's thread. */
  projectId: z.uuid().nullable(),
  createdBy: z.string().nullable(),
  createdAt: isoDateTime,
  lastMessageAt: isoDateTime.nullable(),
  /** The last message cut at 30 characters ('' when none). */
  lastMessagePreview: z.string(),
  unreadCount: z.number().int().min(0),
  members: z.array(conversationMemberSchema),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** The listed conversations (not archived, not claim-file threads), by last message, newest first. */
export const conversationListResponseSchema = z.object({
  conversations: z.array(conversationSchema),
  /** Unread messages over the listed conversations: the chat button's badge. */
  totalUnread: z.number().int().min(0),
});
export type ConversationListResponse = z.infer<typeof conversationListResponseSchema>;
export const conversationResponseSchema = z.object({ conversation: conversationSchema });
export type ConversationResponse = z.infer<typeof conversationResponseSchema>;

/**
 * New conversation: one member and no name is a direct message (an existing one with the same
 * colleague is answered instead, `created: false`); two or more need a name.
 */
export const createConversationSchema = z
  .object({
    memberIds: z.array(profileId).min(1, SELECT_MEMBERS_MESSAGE).max(200),
    name: singleLineString().trim().max(80).optional(),
  })
  .refine((input) => new Set(input.memberIds).size < 2 || (input.name ?? '').length > 0, { message: GROUP_NAME_MESSAGE, path: ['name'] });
export type CreateConversationInput = z.infer<typeof createConversationSchema>;
export const createConversationResponseSchema = z.object({
  conversation: conversationSchema,
  kind: z.enum(['dm', 'group']),
  created: z.boolean(),
});
export type CreateConversationResponse = z.infer<typeof createConversationResponseSchema>;

export const addMemberSchema = z.object({ profileId });
export const memberParamSchema = z.object({ id: z.uuid(), profileId });
export const projectParamSchema = z.object({ projectId: z.uuid() });

// ---------------------------------------------------------------- messages

export const messageTypeSchema = z.enum(MESSAGE_TYPES);

export const messageAttachmentSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  fileType: z.string(),
  fileSize: z.number().int().min(0),
  /** Signed URL: 300 s for images, video and audio (played inline), 600 s for other files. */
  url: z.string(),
  urlExpiresAt: isoDateTime,
});
export type MessageAttachment = z.infer<typeof messageAttachmentSchema>;

export const chatMessageSchema = z.object({
  id: z.uuid(),
  /** Database-wide order: a client catches up with the messages after the last seq it holds. */
  seq: z.number().int(),
  conversationId: z.uuid(),
  senderId: z.string().nullable(),
  senderName: z.string(),
  content: z.string(),
  messageType: messageTypeSchema,
  clientId: z.uuid().nullable(),
  createdAt: isoDateTime,
  attachments: z.array(messageAttachmentSchema),
  /** Profile ids of the colleagues mentioned. */
  mentions: z.array(z.string()),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** The latest 200 (or those before `before`), oldest first; `after` reads what came since. */
export const messagesQuerySchema = z.object({
  before: z.coerce.number().int().min(0).optional(),
  after: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
export type MessagesQuery = z.infer<typeof messagesQuerySchema>;
export const messagesResponseSchema = z.object({ messages: z.array(chatMessageSchema), hasEarlier: z.boolean() });
export type MessagesResponse = z.infer<typeof messagesResponseSchema>;

/** A text message. `clientId` is the sender's id for it: sending it again answers the stored one. */
export const sendMessageSchema = z.object({
  clientId: z.uuid(),
  content: multiLineString().trim().min(1).max(CHAT_MESSAGE_MAX_LENGTH),
  mentions: z.array(profileId).max(50).default([]),
});
export type SendMessageInput = z.input<typeof sendMessageSchema>;
export const messageResponseSchema = z.object({ message: chatMessageSchema });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** An attachment: the file's bytes are the PUT body; its name and the sender's id come in the query. */
export const attachmentQuerySchema = z.object({
  clientId: z.uuid(),
  fileName: singleLineString().trim().min(1).max(200),
  caption: singleLineString().trim().max(CHAT_MESSAGE_MAX_LENGTH).optional(),
});
export type AttachmentQuery = z.infer<typeof attachmentQuerySchema>;
export const attachmentUrlResponseSchema = z.object({ url: z.string(), expiresAt: isoDateTime });

/** Catch-up after a dropped socket: every message of the user's conversations after `after` (seq). */
export const syncQuerySchema = z.object({ after: z.coerce.number().int().min(0), limit: z.coerce.number().int().min(1).max(1000).optional() });
export const syncResponseSchema = z.object({ messages: z.array(chatMessageSchema), cursor: z.number().int(), hasMore: z.boolean() });
export type SyncResponse = z.infer<typeof syncResponseSchema>;

export const readResponseSchema = z.object({ lastReadAt: isoDateTime });

// ---------------------------------------------------------------- inbox

export const NOTIFICATION_KINDS = ['mention', 'assignment', 'status_change', 'upload_finished', 'document_ready', 'proposal_signed', 'feedback'] as const;
export const notificationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** The in-app path it opens (the message's conversation, the project ...). */
  link: z.string().nullable(),
  actorName: z.string().nullable(),
  readAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationsResponseSchema = z.object({ notifications: z.array(notificationSchema), unreadCount: z.number().int().min(0) });
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

// ---------------------------------------------------------------- push

export const webpushPublicKeyResponseSchema = z.object({ publicKey: z.string() });
export const pushSubscriptionSchema = z.object({
  endpoint: z.url().max(2000),
  keys: z.object({ p256dh: singleLineString().min(1).max(200), auth: singleLineString().min(1).max(100) }),
  deviceInfo: singleLineString().max(300).optional(),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;
export const pushUnsubscribeSchema = z.object({ endpoint: z.url().max(2000) });
/** The spec's send-chat-push body; the sender is always the signed-in user, whatever the body says. */
export const sendChatPushSchema = z.object({
  conversation_id: z.uuid(),
  sender_profile_id: profileId.optional(),
  preview: singleLineString().max(200).default(''),
});
/** What the service worker receives in a push. */
export const chatPushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  conversationId: z.uuid(),
  url: z.string(),
});
export type ChatPushPayload = z.infer<typeof chatPushPayloadSchema>;

// ---------------------------------------------------------------- realtime

/**
 * What the realtime socket (GET /api/realtime, upgraded) sends: a new message of a conversation the
 * user belongs to (`message`, or `message-ref` when it was too large to carry: read it through the
 * API), a membership change (added, removed: read the conversation again), a new notification, a
 * photo's thumbnails stored (`photo-thumbnails`, to every socket of the company: the screens listing
 * the photo read it again), a claim file moved forward by itself or offered a move (`claim-file-status`,
to every socket of the company: the screens showing that claim file or the company's claim files
read them again). `ready` follows the connection: the client then asks for what it missed.
 */
export const realtimeEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('message'), message: chatMessageSchema }),
  z.object({ type: z.literal('message-ref'), conversationId: z.uuid(), messageId: z.uuid(), seq: z.number().int() }),
  z.object({ type: z.literal('membership'), conversationId: z.uuid() }),
  z.object({ type: z.literal('notification'), notification: notificationSchema }),
  z.object({ type: z.literal('photo-thumbnails'), photoId: z.uuid(), projectId: z.uuid().nullable(), sessionId: z.uuid().nullable() }),
  z.object({ type: z.literal('claim-file-status'), projectId: z.uuid() }),
]);
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;

/** What a client may send on the socket (at most 5 per second): a keep-alive, and "I am looking at this conversation". */
export const realtimeClientEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('viewing'), conversationId: z.uuid().nullable() }),
]);
export type RealtimeClientEvent = z.infer<typeof realtimeClientEventSchema>;
