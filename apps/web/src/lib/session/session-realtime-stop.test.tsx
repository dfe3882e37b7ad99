import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { answer, answerWhenReleased, json, sent } from '../../test/fake-server';
import { api } from '../api-client';
import { alice, answerSession, memoryStore } from '../../test/session-fakes';
import type { RealtimeStop } from '../realtime/realtime-stops';
import { useMe } from '../api/me';
import { fetchSessionUser } from './session-api';
import { createSessionCache } from './session-cache';
import { createSessionMachine } from './session-machine';
import { browserNetwork, SessionProvider, useSession } from './session-provider';

// The realtime socket closed by the server with 4401 (session ended) or 4403 (access withdrawn): the
// page leaves the signed-in state it can no longer have, instead of a socket reconnecting for ever.

function Probe() {
  const { status, user } = useSession();
  useMe();
  return (
    <div>
      <p data-testid="status">{status}</p>
      <p data-testid="enabled">{String(user?.isEnabled ?? '')}</p>
    </div>
  );
}

/** A realtime client the test stops by hand, as the server's close would. */
function fakeRealtime() {
  const listeners = new Set<(stop: RealtimeStop) => void>();
  return {
    resume: vi.fn(),
    onStop(listener: (stop: RealtimeStop) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    stop(stop: RealtimeStop) {
      for (const listener of listeners) listener(stop);
    },
  };
}

function renderShell() {
  answerSession(alice);
  answer('GET /api/me', json({ id: alice.id }));
  const machine = createSessionMachine({
    fetchSession: fetchSessionUser,
    cache: createSessionCache(memoryStore()),
    network: browserNetwork,
    warn: () => undefined,
  });
  const realtime = fakeRealtime();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <SessionProvider machine={machine} realtime={realtime}>
          <Routes>
            <Route path="/dashboard" element={<Probe />} />
          </Routes>
        </SessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return realtime;
}

describe('the realtime socket stopped by the server', () => {
  it('after 4401 the session is read again: signed out, and the socket is not resumed', async () => {
    const realtime = renderShell();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
    answerSession(null);
    act(() => realtime.stop('signed-out'));
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('none'));
    expect(realtime.resume).not.toHaveBeenCalled();
  });

  it('after 4401 with a session still valid (a new one of this tab) the socket connects again', async () => {
    const realtime = renderShell();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
    const sessionReads = sent('GET /api/auth/get-session').length;
    act(() => realtime.stop('signed-out'));
    await waitFor(() => expect(realtime.resume).toHaveBeenCalledTimes(1));
    expect(sent('GET /api/auth/get-session').length).toBe(sessionReads + 1);
  });

  it('a 4401 that lands before the answer of the request that replaced the session waits for it: still signed in', async () => {
    const realtime = renderShell();
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated'));
    // Turning two-factor on replaces the session; its answer (with the new cookie) is slow.
    const verify = answerWhenReleased('POST /api/auth/two-factor/verify-totp');
    const turnedOn = api.post('/api/auth/two-factor/verify-totp', { code: '123456' });
    await waitFor(() => expect(sent('POST /api/auth/two-factor/verify-totp')).toHaveLength(1));
    // The old cookie finds no session until the answer lands.
    answerSession(null);
    const sessionReads = sent('GET /api/auth/get-session').length;
    act(() => realtime.stop('signed-out'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent('GET /api/auth/get-session').length).toBe(sessionReads);
    answerSession(alice);
    verify.release(json({ status: true }));
    await turnedOn;
    await waitFor(() => expect(realtime.resume).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId('status')).toHaveTextContent('authenticated');
  });

  it('after 4403 the session and the profile are read again: a disabled account shows as disabled', async () => {
    const realtime = renderShell();
    await waitFor(() => expect(screen.getByTestId('enabled')).toHaveTextContent('true'));
    await waitFor(() => expect(sent('GET /api/me')).toHaveLength(1));
    answerSession({ ...alice, isEnabled: false });
    act(() => realtime.stop('disabled'));
    await waitFor(() => expect(screen.getByTestId('enabled')).toHaveTextContent('false'));
    await waitFor(() => expect(sent('GET /api/me')).toHaveLength(2));
    expect(realtime.resume).not.toHaveBeenCalled();
  });
});
