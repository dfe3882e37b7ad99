// Team chat's rules, the same on the server and in the browser.

/** The latest messages a conversation shows at once; older ones come with "load earlier". */
export const CHAT_PAGE_SIZE = 200;
/** The last message's preview in the conversation list and in push notifications. */
export const CHAT_PREVIEW_LENGTH = 30;
/** The longest message text. */
export const CHAT_MESSAGE_MAX_LENGTH = 4000;
/** A group with no name shows as this. */
export const DEFAULT_GROUP_NAME = 'Group Chat';
/** A claim file's thread is the conversation named with this prefix and the project id. */
export const PROJECT_THREAD_PREFIX = 'project:';
/** How often the open conversation is read again while the realtime socket may have missed something. */
export const CHAT_POLL_MS = 5000;
/** The events a client sends on its realtime socket per second at most. */
export const REALTIME_EVENTS_PER_SECOND = 5;
/** The realtime socket's close code when its session ended (signed out, revoked, expired): like a 401, sign in again. */
export const REALTIME_CLOSE_SESSION_ENDED = 4401;
/** The realtime socket's close code when the account was disabled or left the company: like a 403. */
export const REALTIME_CLOSE_ACCESS_WITHDRAWN = 4403;
/** Default largest chat attachment (the server's CHAT_ATTACHMENT_MAX_MB may change it). */
export const CHAT_ATTACHMENT_DEFAULT_MAX_MB = 25;
/** Signed URL lifetimes: media played inline, and a file opened. */
export const INLINE_MEDIA_URL_SECONDS = 300;
export const FILE_URL_SECONDS = 600;

export const MESSAGE_TYPES = ['text', 'image', 'video', 'audio', 'file'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** What the attachment picker offers: images, video, audio, PDF, Word and plain text. */
export const CHAT_ATTACHMENT_ACCEPT = 'image/*,video/*,audio/*,.pdf,.doc,.docx,.txt';

/** A direct message's key: the two profile ids sorted and joined, so a pair has one conversation. */
export function dmKey(a: string, b: string): string {
  return [a, b].sort().join(':');
}

export function projectThreadName(projectId: string): string {
  return `${PROJECT_THREAD_PREFIX}${projectId}`;
}

/** The list hides claim-file threads and archived conversations. */
export function isListedConversation(conversation: { name: string | null; archived: boolean }): boolean {
  return !conversation.archived && !(conversation.name ?? '').startsWith(PROJECT_THREAD_PREFIX);
}

/** The preview of a message: its text cut at 30 characters (with an ellipsis when cut). */
export function messagePreview(content: string, length: number = CHAT_PREVIEW_LENGTH): string {
  const text = content.replace(/\s+/g, ' ').trim();
  return text.length > length ? `${text.slice(0, length)}…` : text;
}

/** A message's preview: its text, or for an attachment without caption the file's name, cut as messagePreview cuts. */
export function previewOfMessage(content: string, fileName: string | null): string {
  return messagePreview(content.trim() === '' && fileName ? fileName : content);
}

/** The unread badge: the count, or "99+" above 99 overall and "9+" above 9 per conversation. */
export function unreadBadge(count: number, cap: 9 | 99): string | null {
  if (count <= 0) return null;
  return count > cap ? `${cap}+` : String(count);
}

/** message_type from a file's real MIME type. */
export function messageTypeOf(mime: string): Exclude<MessageType, 'text'> {
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  return 'file';
}

/**
 * The new-conversation rule: nobody selected is refused; one colleague and no name is a direct
 * message; two or more need a group name (one with a name is a group too).
 */
export type NewConversationCheck = { ok: true; kind: 'dm' | 'group' } | { ok: false; reason: 'no-members' | 'group-name-required' };

export function checkNewConversation(memberCount: number, name: string): NewConversationCheck {
  if (memberCount < 1) return { ok: false, reason: 'no-members' };
  const named = name.trim().length > 0;
  if (memberCount === 1 && !named) return { ok: true, kind: 'dm' };
  if (!named) return { ok: false, reason: 'group-name-required' };
  return { ok: true, kind: 'group' };
}

export const SELECT_MEMBERS_MESSAGE = 'Please select at least one member to create a conversation.';
export const GROUP_NAME_MESSAGE = 'Please enter a name for the group.';
