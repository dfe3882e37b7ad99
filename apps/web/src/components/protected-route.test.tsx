import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProtectedRoute } from './protected-route';
import { createSessionCache } from '../lib/session/session-cache';
import { createSessionMachine, type SessionMachine } from '../lib/session/session-machine';
import { browserNetwork, SessionProvider } from '../lib/session/session-provider';
import { alice, memoryStore } from '../lib/session/session-test-fakes';

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}

function machineWith(fetchSession: () => Promise<typeof alice | null>) {
  const cache = createSessionCache(memoryStore());
  return { cache, machine: createSessionMachine({ fetchSession, cache, network: browserNetwork, warn: () => undefined }) };
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

describe('ProtectedRoute (spec section 2, protected-route behaviour)', () => {
  it('while loading shows the spinner text with an Online badge', () => {
    const { machine } = machineWith(() => new Promise(() => undefined));
    renderProtected(machine);
    expect(screen.getByRole('status')).toHaveTextContent('Checking authentication...');
    expect(screen.getByText('Online', { exact: true })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('while loading offline shows the Offline badge', () => {
    setOnline(false);
    const machine = createSessionMachine({
      fetchSession: () => new Promise(() => undefined),
      cache: createSessionCache(memoryStore()),
      network: { isOnline: () => true, onOnline: () => () => undefined },
    });
    renderProtected(machine);
    expect(screen.getByText('Checking authentication...')).toBeInTheDocument();
    expect(screen.getByText('Offline', { exact: true })).toBeInTheDocument();
  });

  it('with no session redirects to /auth', async () => {
    const { machine } = machineWith(() => Promise.resolve(null));
    renderProtected(machine);
    expect(await screen.findByRole('heading', { name: 'Auth page' })).toBeInTheDocument();
  });

  it('a valid session online renders the page with no banner', async () => {
    const { machine } = machineWith(() => Promise.resolve(alice));
    renderProtected(machine);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('a valid session while offline shows the Offline Mode banner', async () => {
    const { machine } = machineWith(() => Promise.resolve(alice));
    renderProtected(machine);
    await screen.findByRole('heading', { name: 'Dashboard' });
    setOnline(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByText('Offline Mode', { exact: true })).toBeInTheDocument();
    expect(screen.getByText('Data will sync when connection is restored', { exact: true })).toBeInTheDocument();
  });

  it('a cached session shows the Cached Session banner', async () => {
    setOnline(false);
    const { machine, cache } = machineWith(() => Promise.resolve(null));
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
    const machine = createSessionMachine({
      fetchSession: () => {
        setOnline(false);
        return Promise.reject(new TypeError('Failed to fetch'));
      },
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
