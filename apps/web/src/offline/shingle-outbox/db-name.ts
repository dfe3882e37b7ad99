/** The shingle outbox's IndexedDB database: its name alone, so checking it exists loads no IndexedDB library. */
export const SHINGLE_OUTBOX_DB_NAME = 'ridgeline-shingle-outbox';
