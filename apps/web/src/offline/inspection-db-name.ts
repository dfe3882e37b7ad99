/** The IndexedDB database of the local inspection store (its own module: read without loading Dexie). */
export const INSPECTION_DB_NAME = 'ridgeline-inspections';
