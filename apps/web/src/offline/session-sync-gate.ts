// The upload queue sends a photo only once its inspection session exists on the server: a session
// started with no signal is created there when it syncs, and its photos wait until then. The local
// session store's records (offline/inspection-db.ts) answer, loaded on first question so the queue
// does not bring IndexedDB code with it; a test may set another gate.

import { onSessionSynced } from './inspection-sync-events';

export type SessionSyncGate = {
  /** Whether the session was created on this device and has not reached the server yet. */
  isPending: (sessionId: string) => Promise<boolean>;
  /** Calls `listener` whenever a session reaches the server; returns the unsubscribe. */
  subscribe: (listener: () => void) => () => void;
};

/** The local inspection store: pending while a session created on this device has not reached the server. */
const localStoreGate: SessionSyncGate = {
  isPending: async (sessionId) => {
    try {
      return await (await import('./inspection-db')).isSessionPending(sessionId);
    } catch {
      // No IndexedDB here: nothing can have been created offline on this device.
      return false;
    }
  },
  subscribe: (listener) => onSessionSynced(() => listener()),
};
let gate: SessionSyncGate = localStoreGate;

export function setSessionSyncGate(next: SessionSyncGate | null): void {
  gate = next ?? localStoreGate;
}

export function sessionSyncGate(): SessionSyncGate {
  return gate;
}
