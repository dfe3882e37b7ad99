// Between the tab's realtime client and the session: the client reports that the server stopped it
// (closed with 4401, the session ended, or 4403, the access withdrawn), the session provider follows
// and asks it to resume after a new sign-in. A module of its own with no code of the client, so the
// session provider (on every first load) does not bring the client and the chat's contracts with it.

/** How the server stopped the socket: its session ended (4401), or the account was disabled or left the company (4403). */
export type RealtimeStop = 'signed-out' | 'disabled';

/** What the session provider needs of the realtime client (tests hand in a fake). */
export type RealtimeStops = {
  /** Calls the listener each time the server stops the client; returns the unsubscribe. */
  onStop(listener: (stop: RealtimeStop) => void): () => void;
  /** Lets a stopped client connect again (a new sign-in). */
  resume(): void;
};

/** The link, with the client's side: report a stop, follow the resume. */
export type RealtimeStopsLink = RealtimeStops & { reportStop(stop: RealtimeStop): void; onResume(listener: () => void): () => void };

export function createRealtimeStops(): RealtimeStopsLink {
  const stopListeners = new Set<(stop: RealtimeStop) => void>();
  const resumeListeners = new Set<() => void>();
  return {
    onStop(listener) {
      stopListeners.add(listener);
      return () => void stopListeners.delete(listener);
    },
    resume() {
      for (const listener of [...resumeListeners]) listener();
    },
    reportStop(stop) {
      for (const listener of [...stopListeners]) listener(stop);
    },
    onResume(listener) {
      resumeListeners.add(listener);
      return () => void resumeListeners.delete(listener);
    },
  };
}

/** The tab's link between its realtime client and the session. */
export const tabRealtimeStops = createRealtimeStops();
