/** The chat outbox's IndexedDB database: its name alone, so checking it exists loads no IndexedDB library. */
export const CHAT_OUTBOX_DB_NAME = 'ridgeline-chat-outbox';
