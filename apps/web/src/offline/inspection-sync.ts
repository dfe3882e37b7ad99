import type { InspectionFieldName, InspectionSession, UpdateInspectionInput } from '@ridgeline/shared/contracts/inspections';
import { ApiError } from '../lib/api-client';
import { errorText } from '../lib/error-text';
import { inspectionDb, recordKey, type InspectionFieldValues, type InspectionRecord } from './inspection-db';
import { fetchInspection, fetchInspectionList, patchInspection, postInspection } from './inspection-api';
import { emitSessionSynced } from './inspection-sync-events';
import { browserNetwork } from './outbox/network';
import { mayPass, retryDelayMs } from './outbox/retry';

export { activeInspectionUser, subscribeActiveInspectionUser } from './inspection-sync-events';

// The sync engine of the local inspection store. One pass for a user:
// 1. push: every session created here goes to the server with POST (the client's id: sending it
//    twice, after a lost answer, is the same session), every session with fields edited here gets a
//    PATCH of those fields with the time of each edit (the server keeps the later edit per field);
// 2. pull: the user's sessions in progress come back into the store for use with no signal, and a
//    session's fields still edited here stay over the server's copy until sent.
// A pass runs on start, when the browser comes back online, after each local write and, after a
// failure that may pass (the outboxes' one retry rule: no answer, 401, 402, 408, 429, 5xx), again
// after the outboxes' backoff. Passes of one user never overlap: a request for a pass while one runs
// makes one more pass after it.

/** Sessions pulled per pass (in progress, the user's own, newest activity first). */
export const PULL_LIMIT = 25;

type UserState = { running: Promise<void> | null; again: boolean; retryTimer: ReturnType<typeof setTimeout> | null; failures: number; started: number };
const users = new Map<string, UserState>();

function state(userId: string): UserState {
  let found = users.get(userId);
  if (!found) {
    found = { running: null, again: false, retryTimer: null, failures: 0, started: 0 };
    users.set(userId, found);
  }
  return found;
}

/** The request of a record's unsent edits: their values and edit times. */
function unsent(record: InspectionRecord): { fields: InspectionFieldValues; editedAt: string; fieldEditedAt: Partial<Record<InspectionFieldName, string>> } {
  const fields: Record<string, unknown> = {};
  const fieldEditedAt: Partial<Record<InspectionFieldName, string>> = {};
  let editedAt = record.createdAt;
  for (const [name, at] of Object.entries(record.dirty) as [InspectionFieldName, string][]) {
    fields[name] = record.values[name];
    fieldEditedAt[name] = at;
    if (at > editedAt) editedAt = at;
  }
  return { fields: fields as InspectionFieldValues, editedAt, fieldEditedAt };
}

/**
 * Stores the server's answer to what was sent: the copy replaces the last one, and each field sent
 * stops being an unsent edit unless it was edited again meanwhile.
 */
async function applyAnswer(
  userId: string,
  sessionId: string,
  session: InspectionSession,
  sentTimes: Partial<Record<InspectionFieldName, string>>,
): Promise<boolean> {
  const db = inspectionDb();
  let created = false;
  await db.transaction('rw', db.sessions, async () => {
    const record = await db.sessions.get(recordKey(userId, sessionId));
    if (!record) return;
    // A field edited again since it was sent keeps its newer value and time for the next request.
    const stillUnsent = (name: string) =>
      (sentTimes as Record<string, string | undefined>)[name] !== (record.dirty as Record<string, string | undefined>)[name];
    const dirty = Object.fromEntries(Object.entries(record.dirty).filter(([name]) => stillUnsent(name)));
    const values = Object.fromEntries(Object.entries(record.values).filter(([name]) => stillUnsent(name)));
    created = record.pending === 1;
    await db.sessions.put({
      ...record,
      server: session,
      projectId: session.projectId,
      pending: 0,
      dirty,
      values: values as InspectionFieldValues,
      syncError: null,
      syncErrorAt: null,
    });
  });
  return created;
}

async function markRefused(record: InspectionRecord, error: unknown): Promise<void> {
  const db = inspectionDb();
  await db.transaction('rw', db.sessions, async () => {
    const fresh = await db.sessions.get(record.key);
    // Edited again while the request was out: the next pass tries the new values.
    if (!fresh || fresh.updatedAt !== record.updatedAt) return;
    await db.sessions.put({ ...fresh, syncError: errorText(error), syncErrorAt: fresh.updatedAt });
  });
}

async function push(userId: string): Promise<void> {
  const records = await inspectionDb().sessions.where('userId').equals(userId).sortBy('createdAt');
  for (const record of records) {
    if (record.syncErrorAt !== null && record.syncErrorAt === record.updatedAt) continue;
    const edits = unsent(record);
    const hasEdits = Object.keys(edits.fieldEditedAt).length > 0;
    if (record.pending === 0 && !hasEdits) continue;
    try {
      let session: InspectionSession;
      if (record.pending === 1) {
        session = await postInspection({
          id: record.id,
          projectId: record.projectId,
          fields: edits.fields,
          editedAt: edits.editedAt,
          fieldEditedAt: edits.fieldEditedAt,
        });
      } else {
        const body: UpdateInspectionInput = { fields: edits.fields, editedAt: edits.editedAt, fieldEditedAt: edits.fieldEditedAt };
        session = await patchInspection(record.id, body);
      }
      if (await applyAnswer(userId, record.id, session, edits.fieldEditedAt)) emitSessionSynced(record.id);
    } catch (error) {
      if (mayPass(error)) throw error;
      await markRefused(record, error);
    }
  }
}

/** Keeps the server's copy of one session in the store (the local unsent edits stay over it). */
export async function storeServerCopy(userId: string, session: InspectionSession): Promise<void> {
  const db = inspectionDb();
  let created = false;
  await db.transaction('rw', db.sessions, async () => {
    const key = recordKey(userId, session.id);
    const record = await db.sessions.get(key);
    if (record) {
      created = record.pending === 1;
      await db.sessions.put({ ...record, server: session, projectId: session.projectId, pending: 0 });
      return;
    }
    await db.sessions.put({
      key,
      userId,
      id: session.id,
      projectId: session.projectId,
      pending: 0,
      server: session,
      values: {},
      dirty: {},
      inspector: session.inspector,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
      syncError: null,
      syncErrorAt: null,
    });
  });
  if (created) emitSessionSynced(session.id);
}

async function pull(userId: string): Promise<void> {
  const list = await fetchInspectionList({ status: 'in_progress', mine: '1', pageSize: 25 });
  const db = inspectionDb();
  for (const summary of list.sessions.slice(0, PULL_LIMIT)) {
    const record = await db.sessions.get(recordKey(userId, summary.id));
    if (record?.server && record.server.updatedAt === summary.updatedAt) continue;
    await storeServerCopy(userId, await fetchInspection(summary.id));
  }
}

/** Fetches one session from the server into the store; null when the server does not have it for this user (404). */
export async function pullInspection(userId: string, sessionId: string): Promise<InspectionSession | null> {
  try {
    const session = await fetchInspection(sessionId);
    await storeServerCopy(userId, session);
    return session;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

async function pass(userId: string): Promise<void> {
  await push(userId);
  await pull(userId);
}

/**
 * One sync pass for the user (or, when one is running, one more pass after it). Resolves when the
 * store is in step with the server; rejects with the failure of a pass that could not finish
 * (no signal, server down), leaving everything unsent in place for the next one.
 */
export function syncInspections(userId: string): Promise<void> {
  const current = state(userId);
  if (current.running) {
    current.again = true;
    return current.running;
  }
  const run = (async () => {
    try {
      do {
        current.again = false;
        await pass(userId);
      } while (current.again);
      current.failures = 0;
    } finally {
      current.running = null;
    }
  })();
  current.running = run;
  return run;
}

function scheduleRetry(userId: string): void {
  const current = state(userId);
  if (current.started === 0 || current.retryTimer) return;
  current.failures++;
  const delay = retryDelayMs(current.failures);
  current.retryTimer = setTimeout(() => {
    current.retryTimer = null;
    requestInspectionSync(userId);
  }, delay);
}

/** Asks for a pass when the browser is online (after a local write, say); failures are tried again later. */
export function requestInspectionSync(userId: string): void {
  if (!browserNetwork.isOnline()) return;
  syncInspections(userId).catch(() => scheduleRetry(userId));
}

/**
 * Runs the sync for the signed-in user: a pass now, whenever the browser comes back online, after local writes.
 * Returns the stop (sign-out, another user): what is unsent stays for this user's next visit.
 */
export function startInspectionSync(userId: string): () => void {
  const current = state(userId);
  current.started++;
  const unsubscribe = browserNetwork.subscribe((online) => {
    if (online) requestInspectionSync(userId);
  });
  requestInspectionSync(userId);
  return () => {
    unsubscribe();
    current.started--;
    if (current.started === 0 && current.retryTimer) {
      clearTimeout(current.retryTimer);
      current.retryTimer = null;
    }
  };
}
