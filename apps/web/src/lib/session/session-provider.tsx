import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { createSessionCache, type SessionUser } from './session-cache';
import { createSessionMachine, type Network, type SessionMachine, type SessionStatus } from './session-machine';
import { fetchSessionUser, postSignOut } from './session-api';
import { authWritesSettled } from '../api-client';
import { clearOffline } from '../offline-cache';
import { meKey } from '../api/me';
import { tabRealtimeStops, type RealtimeStops } from '../realtime/realtime-stops';
import { paths } from '../paths';

export type SessionContextValue = {
  status: SessionStatus;
  user: SessionUser | null;
  isOnline: boolean;
  /** Asks the server for the session again, with its retries. */
  refresh: () => Promise<void>;
  /** Signs out on the server, clears the cached session and goes to /auth. */
  signOut: () => Promise<void>;
  /** After a sign-in or two-factor verification: the given user, or the server's session when omitted. */
  setAuthenticated: (user?: SessionUser) => Promise<void>;
};

const SessionContext = createContext<SessionContextValue | null>(null);

function subscribeOnline(callback: () => void) {
  window.addEventListener('online', callback);
  window.addEventListener('offline', callback);
  return () => {
    window.removeEventListener('online', callback);
    window.removeEventListener('offline', callback);
  };
}

/** Whether the browser reports a network connection. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/** The browser's network: navigator.onLine and the window 'online' event. */
export const browserNetwork: Network = {
  isOnline: () => navigator.onLine,
  onOnline(listener) {
    window.addEventListener('online', listener);
    return () => window.removeEventListener('online', listener);
  },
};

/** The machine the app uses: the server's session, localStorage for the offline copy, the browser's network. */
export function createBrowserSessionMachine(): SessionMachine {
  return createSessionMachine({ fetchSession: fetchSessionUser, cache: createSessionCache(window.localStorage), network: browserNetwork });
}

type Props = {
  children: ReactNode;
  /** Injected in tests. */
  machine?: SessionMachine;
  /** The tab's realtime client's stops by the server (injected in tests), followed here. */
  realtime?: RealtimeStops;
};

/**
 * When the server closes the realtime socket because its session ended (4401) or the access was
 * withdrawn (4403), the client stops reconnecting, and the session and the profile are read again so
 * the page shows what is true now: signed out (the sign-in page), the Account Disabled screen, or a
 * user no longer in the company. A session still valid after a 4401 (this tab signed in again, a new
 * password's new session) lets the socket connect again.
 */
function followRealtimeStops(realtime: RealtimeStops, machine: SessionMachine, refreshMe: () => void): () => void {
  return realtime.onStop((status) => {
    // A session this tab replaced itself (two-factor turned on or off, a new password) is closed
    // while the answer bringing the new cookie may still be on its way: both are read once it has landed.
    void authWritesSettled().then(async () => {
      refreshMe();
      await machine.refresh();
      if (status === 'signed-out' && machine.getState().status === 'authenticated') realtime.resume();
    });
  });
}

/** Holds the session state machine for the app and exposes it to every page. */
export function SessionProvider({ children, machine: injected, realtime = tabRealtimeStops }: Props) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [machine] = useState<SessionMachine>(() => injected ?? createBrowserSessionMachine());
  const state = useSyncExternalStore(machine.subscribe, machine.getState, machine.getState);
  const isOnline = useOnline();

  useEffect(() => machine.start(), [machine]);
  useEffect(() => followRealtimeStops(realtime, machine, () => void queryClient.invalidateQueries({ queryKey: meKey })), [realtime, machine, queryClient]);

  const value = useMemo<SessionContextValue>(
    () => ({
      status: state.status,
      user: state.user,
      isOnline,
      refresh: machine.refresh,
      setAuthenticated: async (user) => {
        const signedIn = user ?? (await fetchSessionUser());
        if (!signedIn) return;
        machine.handleEvent('SIGNED_IN', signedIn);
        // A socket the server stopped (the previous session ended) may connect again.
        realtime.resume();
      },
      signOut: async () => {
        try {
          if (navigator.onLine) await postSignOut();
        } catch (error) {
          // The local session ends anyway; the server's expires on its own.
          console.warn('Sign-out request failed', error);
        }
        machine.handleEvent('SIGNED_OUT');
        queryClient.clear();
        clearOffline();
        await navigate(paths.auth, { replace: true });
      },
    }),
    [state, isOnline, machine, queryClient, navigate, realtime],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The session: status (none / authenticated / cached / expired, or loading), user and actions. */
export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
