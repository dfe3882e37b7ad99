// STUB written before the parallel work: the local inspection store's public API. The field-screens
// work replaces this file with the real store (IndexedDB, sync with later-edit-wins) behind the same names.
import type { InspectionFields, InspectionSession } from '@ridgeline/shared/contracts/inspections';

/** A session as this device holds it: the server's shape plus what has not reached the server yet. */
export type LocalInspection = InspectionSession & {
  /** Created on this device and not yet on the server. */
  pendingCreate: boolean;
  /** Fields edited here and not yet sent, with the time of each edit. */
  dirty: Record<string, string>;
};

/** Creates a session on this device (a client id); it reaches the server when online. Resolves with the id. */
export async function createLocalInspection(_userId: string, _input: { projectId?: string | null; fields: InspectionFields }): Promise<string> {
  throw new Error('inspection store not built yet');
}

/** Saves edits locally at once and sends them when online (later edit wins per field). */
export async function saveInspectionFields(_userId: string, _sessionId: string, _fields: InspectionFields): Promise<void> {
  throw new Error('inspection store not built yet');
}

/** One session, live: local edits merged over the last copy from the server. */
export function useLocalInspection(_sessionId: string): { session: LocalInspection | undefined; loading: boolean } {
  return { session: undefined, loading: true };
}
