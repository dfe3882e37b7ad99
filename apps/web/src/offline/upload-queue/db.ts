import Dexie, { type EntityTable } from 'dexie';
import { UPLOAD_DB_NAME } from './presence';
import type { QueuedPhotoFile, QueuedPhotoRecord } from './types';

// The upload queue's own IndexedDB database. Its schema is versioned: a later app version adds a
// `version(n)` with an upgrade and keeps every queued photo of the older one (never delete a version
// that a device may still have items under; Dexie opens the database at the newest and upgrades).

export type UploadDb = Dexie & { photos: EntityTable<QueuedPhotoRecord, 'id'>; files: EntityTable<QueuedPhotoFile, 'id'> };

export function openUploadDb(name: string = UPLOAD_DB_NAME): UploadDb {
  const db = new Dexie(name) as UploadDb;
  db.version(1).stores({ photos: 'id, status, [userId+status], [userId+sessionId]', files: 'id' });
  return db;
}
