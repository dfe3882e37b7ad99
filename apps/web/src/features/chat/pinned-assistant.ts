import type { ComponentType } from 'react';

/**
 * The pinned Assistant's place among the conversations (`?conversation=assistant` on /messages); a
 * team conversation's id is a UUID, so the two never meet.
 */
export const ASSISTANT_CONVERSATION_ID = 'assistant';

/**
 * The user's private assistant thread, shown when the pinned Assistant is open. The app hands it to
 * the chat (web features do not import each other). `onChatDraft` runs once an answer was copied into
 * a chat message: the chat shows its conversations, to choose the one the draft is for.
 */
export type PinnedAssistant = ComponentType<{ onChatDraft: () => void }>;
