import Dexie, { type EntityTable } from 'dexie';
import type { InspectionFieldName, InspectionSession, inspectionFieldsSchema } from '@ridgeline/shared/contracts/inspections';
import type { z } from 'zod';
import { INSPECTION_DB_NAME } from './inspection-db-name';

// The device's copy of inspection sessions (IndexedDB, database 'ridgeline-inspections'). One record
// per signed-in user and session: the last copy the server sent, and the edits made here that have
// not reached the server yet (each field's value and the time it was edited). A session created
// here with no signal has no server copy until it syncs. Version the schema (never edit a version
// in place) so an app update keeps what is waiting to sync.

/** Field values as the shared contract parses them (emails and phones normalised, '' as null). */
export type InspectionFieldValues = z.output<typeof inspectionFieldsSchema>;

export type InspectionRecord = {
  /** `${userId}:${id}`: a session is kept once per user of the device. */
  key: string;
  userId: string;
  id: string;
  projectId: string | null;
  /** 1 while the session was created here and the server has not confirmed it (an index: IndexedDB cannot index booleans). */
  pending: 0 | 1;
  /** The server's last copy, or null before the first sync. */
  server: InspectionSession | null;
  /** Values edited here and not yet on the server. */
  values: InspectionFieldValues;
  /** Per edited field, when it was edited here (ISO time); cleared once the server has the value. */
  dirty: Partial<Record<InspectionFieldName, string>>;
  /** The user who created it here (shown until the server's copy arrives). */
  inspector: { id: string; name: string } | null;
  createdAt: string;
  /** Time of the last change made here. */
  updatedAt: string;
  /** Why the server refused the last sync (not a network failure); it is tried again after the next edit. */
  syncError: string | null;
  /** `updatedAt` when the server refused it: no new attempt until the record changes. */
  syncErrorAt: string | null;
};

export { INSPECTION_DB_NAME };

class InspectionDb extends Dexie {
  sessions!: EntityTable<InspectionRecord, 'key'>;

  constructor() {
    super(INSPECTION_DB_NAME);
    this.version(1).stores({ sessions: 'key, userId, id, [userId+pending]' });
  }
}

let instance: InspectionDb | null = null;

/** The database, opened on first use. */
export function inspectionDb(): InspectionDb {
  return (instance ??= new InspectionDb());
}

export function recordKey(userId: string, id: string): string {
  return `${userId}:${id}`;
}

/** Whether any user of this device holds the session as created here and not yet on the server. */
export async function isSessionPending(sessionId: string): Promise<boolean> {
  const records = await inspectionDb().sessions.where('id').equals(sessionId).toArray();
  return records.some((record) => record.pending === 1);
}

/** Tests: forget every record (the same database object stays open). */
export async function clearInspectionDb(): Promise<void> {
  await inspectionDb().sessions.clear();
}
