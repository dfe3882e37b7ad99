// Sends the signed-in user's waiting chat messages from any page, not only while their conversation
// is open: once the browser is idle, on a device that holds the outbox (a message was written offline
// here). Only this file and db-name.ts are imported outside the chat's screens.
import { startWhenIdle } from '../start-when-idle';
import { CHAT_OUTBOX_DB_NAME } from './db-name';

/** Starts sending `userId`'s waiting messages when idle; the returned function stops it. */
export function startChatOutboxWhenIdle(userId: string): () => void {
  return startWhenIdle({ name: 'The chat outbox', database: CHAT_OUTBOX_DB_NAME, start: async () => (await import('./index')).holdChatOutbox(userId) });
}
