import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, json, networkFailure, sent } from '../../test/fake-server';
import { fetchSessionUser } from './session-api';
import { createSessionCache } from './session-cache';
import { createSessionMachine } from './session-machine';
import { browserNetwork, SessionProvider, useSession } from './session-provider';
import { alice, answerSession, bob, memoryStore, SESSION_ROUTE } from '../../test/session-fakes';

function Probe() {
  const { status, user, isOnline, signOut, setAuthenticated } = useSession();
  return (
    <div>
      <p data-testid="status">{status}</p>
      <p data-testid="user">{user?.email ?? ''}</p>
      <p data-testid="online">{String(isOnline)}</p>
      <button type="button" onClick={() => void signOut()}>
        Sign Out
      </button>
      <button type="button" onClick={() => void setAuthenticated(bob)}>
        Sign in as Bob
      </button>
    </div>
  );
}

/** Renders the provider over a machine whose session comes from the fake server's answer. */
function renderWith(user: typeof alice | null) {
  answerSession(user);
  const cache = createSessionCache(memoryStore());
  const machine = createSessionMachine({ fetchSession: fetchSessionUser, cache, network: browserNetwork, warn: () => undefined });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <SessionProvider machine={machine}>
          <Routes>
            <Route path="/auth" element={<h1>Auth page</h1>} />
            <Route path="/dashboard" element={<Probe />} />
          </Routes>
        </SessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { cache, machine };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('SessionProvider', () => {
  it('refreshes on mount and exposes status, user and isOnline', async () => {
    renderWith(alice);
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
    expect(screen.getByTestId('user')).toHaveTextContent(alice.email);
    expect(screen.getByTestId('online')).toHaveTextContent('true');
  });

  it("the window 'online' event triggers a refresh", async () => {
    renderWith(null);
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('none'));
    answerSession(alice);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
    expect(sent(SESSION_ROUTE)).toHaveLength(2);
  });

  it('setAuthenticated with a user signs that user in', async () => {
    renderWith(null);
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('none'));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in as Bob' }));
    expect(screen.getByTestId('status')).toHaveTextContent('authenticated');
    expect(screen.getByTestId('user')).toHaveTextContent(bob.email);
  });

  it('signOut posts /api/auth/sign-out, clears the cache, sets none and goes to /auth', async () => {
    answer('POST /api/auth/sign-out', json({ success: true }));
    const { cache } = renderWith(alice);
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
    expect(cache.size()).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('heading', { name: 'Auth page' })).toBeInTheDocument();
    expect(sent('POST /api/auth/sign-out')).toHaveLength(1);
    expect(cache.size()).toBe(0);
  });

  it('signOut still ends the local session when the request fails', async () => {
    answer('POST /api/auth/sign-out', networkFailure());
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { machine } = renderWith(alice);
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('heading', { name: 'Auth page' })).toBeInTheDocument();
    expect(machine.getState().status).toBe('none');
  });
});
