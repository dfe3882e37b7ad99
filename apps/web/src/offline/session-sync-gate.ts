// The upload queue sends a photo only once its inspection session exists on the server: a session
// started with no signal is created there when it syncs, and its photos wait until then. The local
// session store (offline/inspection-store.ts) registers itself as the gate; with no store registered
// every session counts as synced.

export type SessionSyncGate = {
  /** Whether the session was created on this device and has not reached the server yet. */
  isPending: (sessionId: string) => Promise<boolean>;
  /** Calls `listener` whenever a session reaches the server; returns the unsubscribe. */
  subscribe: (listener: () => void) => () => void;
};

const alwaysSynced: SessionSyncGate = { isPending: async () => false, subscribe: () => () => undefined };
let gate: SessionSyncGate = alwaysSynced;

export function setSessionSyncGate(next: SessionSyncGate | null): void {
  gate = next ?? alwaysSynced;
}

export function sessionSyncGate(): SessionSyncGate {
  return gate;
}
