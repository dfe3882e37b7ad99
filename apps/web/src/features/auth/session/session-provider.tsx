import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { createSessionCache, type SessionUser } from './session-cache';
import { createSessionMachine, type SessionMachine, type SessionStatus } from './session-machine';
import { fetchSessionUser, postSignOut } from './session-api';

type SessionContextValue = {
  status: SessionStatus;
  user: SessionUser | null;
  isOnline: boolean;
  refresh: () => Promise<void>;
  /** Call after a successful sign-in (or two-factor verification). */
  signedIn: () => Promise<void>;
  signOut: () => Promise<void>;
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

/** Holds the session state machine for the app and exposes it to every page. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [machine] = useState<SessionMachine>(() =>
    createSessionMachine({ fetchSession: fetchSessionUser, cache: createSessionCache(window.localStorage), isOnline: () => navigator.onLine }),
  );
  const state = useSyncExternalStore(machine.subscribe, machine.getState, machine.getState);
  const isOnline = useOnline();

  useEffect(() => {
    void machine.refresh();
    const onOnline = () => void machine.onOnline();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [machine]);

  useEffect(() => () => machine.stop(), [machine]);

  const value = useMemo<SessionContextValue>(
    () => ({
      status: state.status,
      user: state.user,
      isOnline,
      refresh: machine.refresh,
      signedIn: async () => {
        const user = await fetchSessionUser();
        if (user) machine.handleEvent('SIGNED_IN', user);
      },
      signOut: async () => {
        try {
          await postSignOut();
        } finally {
          machine.handleEvent('SIGNED_OUT', null);
          queryClient.clear();
        }
      },
    }),
    [state, isOnline, machine, queryClient],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The session: status (none / authenticated / cached / expired, or loading), user and actions. */
export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
