import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, answerWhenReleased, networkFailure } from '../test/fake-server';
import { ProtectedRoute } from './protected-route';
import { fetchSessionUser } from '../lib/session/session-api';
import { createSessionCache } from '../lib/session/session-cache';
import { createSessionMachine, type SessionMachine } from '../lib/session/session-machine';
import { browserNetwork, SessionProvider } from '../lib/session/session-provider';
import { alice, answerSession, memoryStore, SESSION_ROUTE } from '../test/session-fakes';

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}

/** A machine over the browser's network whose session comes from the fake server's answer. */
function machineWith(user: typeof alice | null) {
  answerSession(user);
  return machineOverServer();
}

function machineOverServer() {
  const cache = createSessionCache(memoryStore());
  return { cache, machine: createSessionMachine({ fetchSession: fetchSessionUser, cache, network: browserNetwork, warn: () => undefined }) };
}

function renderProtected(machine: SessionMachine) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <SessionProvider machine={machine}>
          <Routes>
            <Route path="/auth" element={<h1>Auth page</h1>} />
            <Route
              path="/dashboard"
              element={
                <ProtectedRoute>
                  <h1>Dashboard</h1>
                </ProtectedRoute>
              }
            />
          </Routes>
        </SessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => setOnline(true));
afterEach(() => vi.restoreAllMocks());

describe('ProtectedRoute: checking, signed in, signed out, offline', () => {
  it('while loading shows the spinner text with an Online badge', () => {
    // The session read never gets its answer: the page stays loading.
    answerWhenReleased(SESSION_ROUTE);
    const { machine } = machineOverServer();
    renderProtected(machine);
    expect(screen.getByRole('status')).toHaveTextContent('Checking authentication...');
    expect(screen.getByText('Online', { exact: true })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('while loading offline shows the Offline badge', () => {
    setOnline(false);
    answerWhenReleased(SESSION_ROUTE);
    const machine = createSessionMachine({
      fetchSession: fetchSessionUser,
      cache: createSessionCache(memoryStore()),
      network: { isOnline: () => true, onOnline: () => () => undefined },
    });
    renderProtected(machine);
    expect(screen.getByText('Checking authentication...')).toBeInTheDocument();
    expect(screen.getByText('Offline', { exact: true })).toBeInTheDocument();
  });

  it('with no session redirects to /auth', async () => {
    const { machine } = machineWith(null);
    renderProtected(machine);
    expect(await screen.findByRole('heading', { name: 'Auth page' })).toBeInTheDocument();
  });

  it('a valid session online renders the page with no banner', async () => {
    const { machine } = machineWith(alice);
    renderProtected(machine);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('a valid session while offline shows the Offline Mode banner', async () => {
    const { machine } = machineWith(alice);
    renderProtected(machine);
    await screen.findByRole('heading', { name: 'Dashboard' });
    setOnline(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByText('Offline Mode', { exact: true })).toBeInTheDocument();
    expect(screen.getByText('Data will sync when connection is restored', { exact: true })).toBeInTheDocument();
  });

  it('a cached session shows the Cached Session banner', async () => {
    setOnline(false);
    const { machine, cache } = machineWith(null);
    cache.put(alice);
    renderProtected(machine);
    expect(await screen.findByText('Cached Session', { exact: true })).toBeInTheDocument();
    expect(screen.getByText('Using offline session - some features limited', { exact: true })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('an expired session shows Session Expired with a Sign In link when online', async () => {
    vi.useFakeTimers();
    const cache = createSessionCache(memoryStore());
    cache.put(alice);
    // The refresh fails three times and the connection drops meanwhile: expired, from the cache.
    answer(SESSION_ROUTE, () => {
      setOnline(false);
      return networkFailure();
    });
    const machine = createSessionMachine({
      fetchSession: fetchSessionUser,
      cache,
      network: { isOnline: () => navigator.onLine, onOnline: () => () => undefined },
      warn: () => undefined,
    });
    renderProtected(machine);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    vi.useRealTimers();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Session Expired');
    expect(alert).toHaveTextContent('Session expired - please sign in for full access');
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();

    setOnline(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });
});
