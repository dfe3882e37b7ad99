import { messagePreview } from '@ridgeline/shared/domain/chat';
import type { ChatMessage } from '@ridgeline/shared/contracts/chat';
import { sendChatPush } from '../push/api/send-chat-push';

// What follows a message of mine the server stored (sent at once or later from the outbox): the
// other members get a push notification with the sender's name and the 30-character preview (the
// server takes the sender from the session; a failed push is only a warning). Once per message,
// however many threads of this tab heard it stored.

const pushed = new Set<string>();
/** Message ids remembered at most (the oldest are forgotten first). */
const REMEMBERED = 500;

export function afterSend(message: ChatMessage, text: string): void {
  if (pushed.has(message.id)) return;
  pushed.add(message.id);
  if (pushed.size > REMEMBERED) {
    const oldest = pushed.values().next().value;
    if (oldest !== undefined) pushed.delete(oldest);
  }
  sendChatPush(message.conversationId, messagePreview(text));
}
