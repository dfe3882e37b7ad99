// The upload queue sends a photo only once what it belongs to exists on the server: an inspection
// session started with no signal is created there when it syncs, a shingle identification saved with
// no signal when the shingle outbox sends it, and their photos wait until then. The local session
// store's records (offline/inspection-db.ts) and the shingle outbox (offline/shingle-outbox/db.ts)
// answer, loaded on first question so the queue does not bring IndexedDB code with it (the outbox is
// not even opened on a device that never kept one); a test may set another gate.

import { onSessionSynced } from './inspection-sync-events';
import { SHINGLE_OUTBOX_DB_NAME } from './shingle-outbox/db-name';
import { onShingleSaveSent } from './shingle-outbox/events';
import { deviceHasDatabase } from './start-when-idle';

export type SessionSyncGate = {
  /** Whether the session (or shingle identification) was created on this device and has not reached the server yet. */
  isPending: (sessionId: string) => Promise<boolean>;
  /** Calls `listener` whenever a session reaches the server; returns the unsubscribe. */
  subscribe: (listener: () => void) => () => void;
};

/** The local inspection store: pending while a session created on this device has not reached the server. */
const localStoreGate: SessionSyncGate = {
  isPending: async (sessionId) => {
    try {
      if (await (await import('./inspection-db')).isSessionPending(sessionId)) return true;
      if (!(await deviceHasDatabase(SHINGLE_OUTBOX_DB_NAME))) return false;
      return await (await import('./shingle-outbox/db')).isShingleSavePending(sessionId);
    } catch {
      // No IndexedDB here: nothing can have been created offline on this device.
      return false;
    }
  },
  subscribe: (listener) => {
    const stopSessions = onSessionSynced(() => listener());
    const stopShingles = onShingleSaveSent(() => listener());
    return () => {
      stopSessions();
      stopShingles();
    };
  },
};
let gate: SessionSyncGate = localStoreGate;

export function setSessionSyncGate(next: SessionSyncGate | null): void {
  gate = next ?? localStoreGate;
}

export function sessionSyncGate(): SessionSyncGate {
  return gate;
}
