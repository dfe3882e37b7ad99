import Dexie, { type EntityTable } from 'dexie';
import { CHAT_OUTBOX_DB_NAME } from './db-name';

// The chat outbox's own IndexedDB database: messages written with no network wait here (a reload or
// a closed tab loses none) until the server has answered them. Its schema is versioned like the
// upload queue's: a later version adds `version(n)` and keeps what a device still holds.

/** A message waiting to be sent. `clientId` is the id the server deduplicates on. */
export type OutboxMessage = {
  clientId: string;
  /** Whose message it is: only that user's session sends it. */
  userId: string;
  conversationId: string;
  content: string;
  mentions: string[];
  /** When it was written (ms): the order they are sent in. */
  createdAt: number;
};

export type ChatOutboxDb = Dexie & { messages: EntityTable<OutboxMessage, 'clientId'> };

export function openChatOutboxDb(name: string = CHAT_OUTBOX_DB_NAME): ChatOutboxDb {
  const db = new Dexie(name) as ChatOutboxDb;
  db.version(1).stores({ messages: 'clientId, [userId+createdAt], [userId+conversationId]' });
  return db;
}
