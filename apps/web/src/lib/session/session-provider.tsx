import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { createSessionCache, type SessionUser } from './session-cache';
import { createSessionMachine, type Network, type SessionMachine, type SessionStatus } from './session-machine';
import { fetchSessionUser, postSignOut } from './session-api';
import { clearOffline } from '../offline-cache';

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
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
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

type Props = { children: ReactNode; /** Injected in tests. */ machine?: SessionMachine };

/** Holds the session state machine for the app and exposes it to every page. */
export function SessionProvider({ children, machine: injected }: Props) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [machine] = useState<SessionMachine>(() => injected ?? createBrowserSessionMachine());
  const state = useSyncExternalStore(machine.subscribe, machine.getState, machine.getState);
  const isOnline = useOnline();

  useEffect(() => machine.start(), [machine]);

  const value = useMemo<SessionContextValue>(
    () => ({
      status: state.status,
      user: state.user,
      isOnline,
      refresh: machine.refresh,
      setAuthenticated: async (user) => {
        const signedIn = user ?? (await fetchSessionUser());
        if (signedIn) machine.handleEvent('SIGNED_IN', signedIn);
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
        await navigate('/auth', { replace: true });
      },
    }),
    [state, isOnline, machine, queryClient, navigate],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The session: status (none / authenticated / cached / expired, or loading), user and actions. */
export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
