import Dexie, { type EntityTable } from 'dexie';
import type { SaveIdentificationInput } from '@ridgeline/shared/contracts/shingles';
import { SHINGLE_OUTBOX_DB_NAME } from './db-name';

// The shingle outbox's own IndexedDB database: an identification saved with no signal waits here (a
// reload or a closed tab loses none) until the server has saved it. Versioned like the upload queue's:
// a later version adds `version(n)` and keeps what a device still holds.

/** An identification waiting to be sent. `id` is the identification's own id, chosen on the phone: the server saves it once. */
export type WaitingShingleSave = {
  id: string;
  /** Whose it is: only that user's session sends it. */
  userId: string;
  input: SaveIdentificationInput & { id: string };
  /** A line a person recognizes it by (the top candidate and the address). */
  label: string;
  /** When it was saved on the device (ms): the order they are sent in. */
  createdAt: number;
  /** The server's refusal in words, once it refused it (it is not sent again until retried). */
  error: string | null;
};

export type ShingleOutboxDb = Dexie & { saves: EntityTable<WaitingShingleSave, 'id'> };

export function openShingleOutboxDb(name: string = SHINGLE_OUTBOX_DB_NAME): ShingleOutboxDb {
  const db = new Dexie(name) as ShingleOutboxDb;
  db.version(1).stores({ saves: 'id, [userId+createdAt]' });
  return db;
}

let shared: ShingleOutboxDb | null = null;
export function shingleOutboxDb(): ShingleOutboxDb {
  shared ??= openShingleOutboxDb();
  return shared;
}

/** Whether the identification was saved on this device and has not reached the server yet. */
export async function isShingleSavePending(id: string): Promise<boolean> {
  return (await shingleOutboxDb().saves.where('id').equals(id).count()) > 0;
}
