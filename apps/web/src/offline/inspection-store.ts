import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import {
  BLANK_INSPECTION_CONTENT,
  inspectionFieldsSchema,
  type InspectionFieldName,
  type InspectionFields,
  type InspectionSession,
} from '@ridgeline/shared/contracts/inspections';
import { classifyLossType } from '@ridgeline/shared/domain/loss-types';
import { inspectionDb, recordKey, type InspectionFieldValues, type InspectionRecord } from './inspection-db';
import { activeInspectionUser, pullInspection, requestInspectionSync, subscribeActiveInspectionUser } from './inspection-sync';
import { newId } from './outbox/ids';

// The local inspection store: every session screen reads and writes here, never waiting on the
// network. A session created on this device gets its id here (the server takes the same id), edits
// are kept with the time of each one, and the sync engine (./inspection-sync.ts) sends them and
// brings the server's copy back. What the screens read is the server's last copy with the edits
// not yet sent laid over it.

export { startInspectionSync, syncInspections, pullInspection } from './inspection-sync';
export type { InspectionRecord } from './inspection-db';

/** A session as this device holds it: the server's shape plus what has not reached the server yet. */
export type LocalInspection = InspectionSession & {
  /** Created on this device and not yet on the server. */
  pendingCreate: boolean;
  /** Fields edited here and not yet sent, with the time of each edit. */
  dirty: Record<string, string>;
  /** Why the server refused the last sync of this session, if it did (shown; tried again after the next edit). */
  syncError: string | null;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Session ids are uuids: anything else is never asked of the server. */
export function isClientId(id: string): boolean {
  return UUID.test(id);
}

/** A session's (or a measurement's, an estimate line's) id made on the device: the outboxes' one id function. */
export { newId as newClientId } from './outbox/ids';

/** The session as a screen shows it: the server's copy (or a blank one before the first sync) with the unsent edits over it. */
export function toLocalInspection(record: InspectionRecord): LocalInspection {
  const base: InspectionSession = record.server ?? {
    id: record.id,
    projectId: record.projectId,
    ...BLANK_INSPECTION_CONTENT,
    inspector: record.inspector,
    createdBy: record.inspector,
    fieldEditedAt: {},
    photoCount: 0,
    photosByPhase: {},
    completedAt: null,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
  const view: LocalInspection = { ...base, pendingCreate: record.pending === 1, dirty: { ...record.dirty }, syncError: record.syncError };
  const values = record.values as Record<string, unknown>;
  const target = view as unknown as Record<string, unknown>;
  for (const name of Object.keys(record.dirty)) if (values[name] !== undefined) target[name] = values[name];
  if ('lossDescription' in record.dirty || 'lossType' in record.dirty) {
    // As the server will: a description with no type chosen is classified with the shared rules.
    const chosen = values.lossType === undefined ? base.lossType : (values.lossType as InspectionSession['lossType']);
    if (chosen === null && view.lossDescription) {
      view.lossType = classifyLossType(view.lossDescription);
      view.lossTypeSource = 'classified';
    } else if ('lossType' in record.dirty && chosen !== null) {
      view.lossType = chosen;
      view.lossTypeSource = chosen === classifyLossType(view.lossDescription) ? 'chosen' : 'overridden';
    }
  }
  if (record.updatedAt > view.updatedAt) view.updatedAt = record.updatedAt;
  return view;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Marks the fields whose value differs from the session's as edited now; returns whether any did. */
function applyEdits(record: InspectionRecord, fields: InspectionFieldValues, now: string): boolean {
  const current = toLocalInspection(record) as unknown as Record<string, unknown>;
  const values = record.values as Record<string, unknown>;
  let changed = false;
  for (const [name, value] of Object.entries(fields) as [InspectionFieldName, unknown][]) {
    if (value === undefined) continue;
    // An unchanged value is no edit: re-saving a form must not make old values look newer than another device's.
    if (same(current[name], value)) continue;
    values[name] = value;
    record.dirty[name] = now;
    changed = true;
  }
  return changed;
}

type CreateInput = {
  projectId?: string | null;
  fields: InspectionFields;
  /** Who is creating it, shown as the inspector until the server's copy arrives. */
  inspector?: { id: string; name: string } | null;
};

/** Creates a session on this device (a client id); it reaches the server when online. Resolves with the id. */
export async function createLocalInspection(userId: string, input: CreateInput): Promise<string> {
  const fields = inspectionFieldsSchema.parse(input.fields);
  const id = newId();
  const now = new Date().toISOString();
  const record: InspectionRecord = {
    key: recordKey(userId, id),
    userId,
    id,
    projectId: input.projectId ?? null,
    pending: 1,
    server: null,
    values: {},
    dirty: {},
    inspector: input.inspector ?? null,
    createdAt: now,
    updatedAt: now,
    syncError: null,
    syncErrorAt: null,
  };
  applyEdits(record, fields, now);
  await inspectionDb().sessions.add(record);
  requestInspectionSync(userId);
  return id;
}

/** Saves edits locally at once and sends them when online (later edit wins per field). */
export async function saveInspectionFields(userId: string, sessionId: string, fields: InspectionFields): Promise<void> {
  const parsed = inspectionFieldsSchema.parse(fields);
  const db = inspectionDb();
  const now = new Date().toISOString();
  let changed = false;
  await db.transaction('rw', db.sessions, async () => {
    const key = recordKey(userId, sessionId);
    const record: InspectionRecord = (await db.sessions.get(key)) ?? {
      // A session this device has not stored yet (opened from a link): its edits wait for the server's copy to merge over.
      key,
      userId,
      id: sessionId,
      projectId: null,
      pending: 0,
      server: null,
      values: {},
      dirty: {},
      inspector: null,
      createdAt: now,
      updatedAt: now,
      syncError: null,
      syncErrorAt: null,
    };
    changed = applyEdits(record, parsed, now);
    if (!changed) return;
    await db.sessions.put({ ...record, updatedAt: now });
  });
  if (changed) requestInspectionSync(userId);
}

/** The record of a session for this user, or undefined. */
export async function getLocalInspection(userId: string, sessionId: string): Promise<LocalInspection | undefined> {
  const record = await inspectionDb().sessions.get(recordKey(userId, sessionId));
  return record ? toLocalInspection(record) : undefined;
}

function useActiveUser(userId: string | undefined): string | null {
  const active = useSyncExternalStore(subscribeActiveInspectionUser, activeInspectionUser, activeInspectionUser);
  return userId ?? active;
}

/**
 * One session, live: local edits merged over the last copy from the server. When online it also
 * asks the server for its copy once (in the background: what the device holds shows at once).
 * `userId` defaults to the user the sync runs for (the signed-in one).
 */
export function useLocalInspection(sessionId: string, userId?: string): { session: LocalInspection | undefined; loading: boolean } {
  const user = useActiveUser(userId);
  const records = useLiveQuery(() => inspectionDb().sessions.where('id').equals(sessionId).toArray(), [sessionId]);
  const record = records?.find((r) => (user ? r.userId === user : true));
  const [fetching, setFetching] = useState(false);
  const asked = useRef<string | null>(null);
  const loaded = records !== undefined;
  const pending = record?.pending === 1;

  useEffect(() => {
    if (!loaded || !user || pending || !isClientId(sessionId) || asked.current === `${user}:${sessionId}` || !navigator.onLine) return;
    asked.current = `${user}:${sessionId}`;
    let live = true;
    setFetching(true);
    pullInspection(user, sessionId)
      .catch(() => null)
      .finally(() => {
        if (live) setFetching(false);
      });
    return () => {
      live = false;
    };
  }, [loaded, user, pending, sessionId]);

  return { session: record ? toLocalInspection(record) : undefined, loading: !loaded || (!record && fetching) };
}

/** Every session this device holds for the user, newest activity first, live. undefined while reading. */
export function useLocalInspections(userId: string | undefined): LocalInspection[] | undefined {
  return useLiveQuery(async () => {
    if (!userId) return [];
    const records = await inspectionDb().sessions.where('userId').equals(userId).toArray();
    return records.map(toLocalInspection).sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : -1));
  }, [userId]);
}
