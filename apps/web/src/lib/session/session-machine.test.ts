import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CACHED_SESSION_WARNING, createSessionMachine, DUPLICATE_EVENT_MS, REFRESH_INTERVAL_MS, retryDelay } from './session-machine';
import { answer, answerWhenReleased, networkFailure, sent } from '../../test/fake-server';
import { fetchSessionUser } from './session-api';
import type { SessionUser } from './session-cache';
import { alice, answerSession, bob, SESSION_ROUTE, sessionReply, setup } from '../../test/session-fakes';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-03-02T09:00:00Z'));
});
afterEach(() => vi.useRealTimers());

/** The server's session read fails, and the browser is offline from then on (`goOffline` flips it). */
function failGoingOffline(goOffline: () => void): void {
  answer(SESSION_ROUTE, () => {
    goOffline();
    return networkFailure();
  });
}

/** The browser comes back online, and the server's session is then `user` (or none). */
async function comeOnline(network: { goOnline: () => void }, user: SessionUser | null): Promise<void> {
  answerSession(user);
  network.goOnline();
  await vi.advanceTimersByTimeAsync(0);
}

/** A refresh through all its retries (they are over within 3 s). */
async function refreshThroughRetries(machine: { refresh: () => Promise<void> }): Promise<void> {
  const done = machine.refresh();
  await vi.advanceTimersByTimeAsync(3000);
  await done;
}

describe('session machine: states and transitions', () => {
  it('starts loading, and a refresh that finds a session gives authenticated and caches the user', async () => {
    const { machine, cache } = setup();
    expect(machine.getState()).toEqual({ status: 'loading', user: null });
    answerSession(alice);
    await machine.refresh();
    expect(machine.getState()).toEqual({ status: 'authenticated', user: alice });
    expect(cache.latest()).toEqual(alice);
  });

  it('a refresh that finds no session online gives none', async () => {
    const { machine } = setup();
    answerSession(null);
    await machine.refresh();
    expect(machine.getState()).toEqual({ status: 'none', user: null });
  });

  it('sign-in gives authenticated, from any state', async () => {
    const { machine } = setup();
    answerSession(null);
    await machine.refresh();
    expect(machine.handleEvent('SIGNED_IN', alice)).toBe(true);
    expect(machine.getState()).toEqual({ status: 'authenticated', user: alice });
  });

  it('sign-out gives none and clears the cached session', async () => {
    const { machine, cache } = setup();
    machine.handleEvent('SIGNED_IN', alice);
    expect(cache.size()).toBe(1);
    machine.handleEvent('SIGNED_OUT');
    expect(machine.getState()).toEqual({ status: 'none', user: null });
    expect(cache.size()).toBe(0);
  });

  it('offline with a cached session: no request, status cached', async () => {
    const { machine, fetchSession, cache } = setup({ online: false });
    cache.put(alice);
    await machine.refresh();
    expect(fetchSession).not.toHaveBeenCalled();
    expect(sent()).toEqual([]);
    expect(machine.getState()).toEqual({ status: 'cached', user: alice });
  });

  it('offline without a cached session: none', async () => {
    const { machine, fetchSession } = setup({ online: false });
    await machine.refresh();
    expect(fetchSession).not.toHaveBeenCalled();
    expect(sent()).toEqual([]);
    expect(machine.getState()).toEqual({ status: 'none', user: null });
  });

  it('notifies subscribers of every change', async () => {
    const { machine } = setup();
    const seen: string[] = [];
    machine.subscribe((state) => seen.push(state.status));
    machine.handleEvent('SIGNED_IN', alice);
    machine.handleEvent('SIGNED_OUT');
    expect(seen).toEqual(['authenticated', 'none']);
  });
});

describe('session machine: refresh retries (3 attempts, 1 s then 2 s)', () => {
  it('waits 1 s then 2 s between attempts', () => {
    expect([retryDelay(1), retryDelay(2)]).toEqual([1000, 2000]);
  });

  it('retries after 1 s and 2 s and succeeds on the third attempt', async () => {
    const { machine, fetchSession } = setup();
    answer(SESSION_ROUTE, [networkFailure(), networkFailure(), sessionReply(alice)]);
    const done = machine.refresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchSession).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchSession).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchSession).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchSession).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchSession).toHaveBeenCalledTimes(3);
    await done;
    expect(machine.getState()).toEqual({ status: 'authenticated', user: alice });
  });

  it('gives up after 3 attempts online: none, no fourth attempt, no warning', async () => {
    const { machine, fetchSession, cache, warn } = setup();
    cache.put(alice);
    answer(SESSION_ROUTE, networkFailure());
    await refreshThroughRetries(machine);
    expect(fetchSession).toHaveBeenCalledTimes(3);
    expect(machine.getState()).toEqual({ status: 'none', user: null });
    expect(warn).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchSession).toHaveBeenCalledTimes(3);
    expect(sent(SESSION_ROUTE)).toHaveLength(3);
  });

  it('gives up offline with a cached copy: expired, with the exact warning', async () => {
    const { machine, fetchSession, cache, network, warn } = setup();
    cache.put(alice);
    failGoingOffline(() => (network.online = false));
    await refreshThroughRetries(machine);
    expect(fetchSession).toHaveBeenCalledTimes(3);
    expect(machine.getState()).toEqual({ status: 'expired', user: alice });
    expect(warn).toHaveBeenCalledWith(CACHED_SESSION_WARNING);
    expect(CACHED_SESSION_WARNING).toBe('Using cached session - some features may be limited');
  });

  it('gives up offline without a cached copy: none', async () => {
    const { machine, network, warn } = setup();
    failGoingOffline(() => (network.online = false));
    await refreshThroughRetries(machine);
    expect(machine.getState()).toEqual({ status: 'none', user: null });
    expect(warn).not.toHaveBeenCalled();
  });

  it('logs the warning with console.warn by default', async () => {
    const { cache } = setup();
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    cache.put(alice);
    let online = true;
    failGoingOffline(() => (online = false));
    const machine = createSessionMachine({
      fetchSession: fetchSessionUser,
      cache,
      network: { isOnline: () => online, onOnline: () => () => undefined },
    });
    await refreshThroughRetries(machine);
    expect(spy).toHaveBeenCalledWith(CACHED_SESSION_WARNING);
    spy.mockRestore();
  });

  it('refreshes asked for while one runs share one more read after it', async () => {
    const { machine, fetchSession } = setup();
    answerSession(alice);
    await Promise.all([machine.refresh(), machine.refresh(), machine.refresh()]);
    expect(fetchSession).toHaveBeenCalledTimes(2);
    expect(sent(SESSION_ROUTE)).toHaveLength(2);
  });

  it('a refresh asked for after a change ends on the changed session, not on a read sent before it', async () => {
    const { machine } = setup();
    const before = answerWhenReleased(SESSION_ROUTE);
    const first = machine.refresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent(SESSION_ROUTE)).toHaveLength(1);
    // Two-factor is turned on meanwhile; the page asks for the session again.
    answerSession({ ...alice, twoFactorEnabled: true });
    const second = machine.refresh();
    before.release(sessionReply(alice));
    await Promise.all([first, second]);
    expect(machine.getState().user?.twoFactorEnabled).toBe(true);
  });

  it('a refresh that started before a sign-out cannot undo it', async () => {
    const { machine } = setup();
    const held = answerWhenReleased(SESSION_ROUTE);
    const done = machine.refresh();
    machine.handleEvent('SIGNED_OUT');
    held.release(sessionReply(alice));
    await done;
    expect(machine.getState().status).toBe('none');
  });
});

describe('session machine: timers and events', () => {
  it('refreshes every 50 minutes while authenticated', async () => {
    const { machine, fetchSession } = setup();
    answerSession(alice);
    const stop = machine.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchSession).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS - 1);
    expect(fetchSession).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchSession).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    expect(fetchSession).toHaveBeenCalledTimes(3);
    expect(REFRESH_INTERVAL_MS).toBe(3_000_000);
    stop();
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS * 2);
    expect(fetchSession).toHaveBeenCalledTimes(3);
    expect(sent(SESSION_ROUTE)).toHaveLength(3);
  });

  it('does not refresh on a timer when not authenticated', async () => {
    const { machine, fetchSession } = setup();
    answerSession(null);
    machine.start();
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS * 3);
    expect(fetchSession).toHaveBeenCalledTimes(1);
    expect(machine.getState().status).toBe('none');
  });

  it('the 50-minute refresh after a sign-out is cancelled', async () => {
    const { machine, fetchSession } = setup();
    answerSession(alice);
    machine.start();
    await vi.advanceTimersByTimeAsync(0);
    machine.handleEvent('SIGNED_OUT');
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    expect(fetchSession).toHaveBeenCalledTimes(1);
  });

  it('ignores the same auth event within 500 ms and accepts it after', () => {
    const { machine } = setup();
    const seen: string[] = [];
    machine.subscribe((state) => seen.push(state.status));
    expect(machine.handleEvent('SIGNED_IN', alice)).toBe(true);
    vi.advanceTimersByTime(DUPLICATE_EVENT_MS - 1);
    expect(machine.handleEvent('SIGNED_IN', alice)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(machine.handleEvent('SIGNED_IN', alice)).toBe(true);
    expect(seen).toEqual(['authenticated', 'authenticated']);
    expect(DUPLICATE_EVENT_MS).toBe(500);
  });

  it('a different event (or user) within 500 ms is not a duplicate', () => {
    const { machine } = setup();
    machine.handleEvent('SIGNED_IN', alice);
    expect(machine.handleEvent('SIGNED_OUT')).toBe(true);
    expect(machine.handleEvent('SIGNED_IN', bob)).toBe(true);
    expect(machine.getState()).toEqual({ status: 'authenticated', user: bob });
  });

  it('going online triggers a refresh: cached becomes authenticated', async () => {
    const { machine, fetchSession, cache, network } = setup({ online: false });
    cache.put(alice);
    machine.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(machine.getState().status).toBe('cached');
    await comeOnline(network, alice);
    expect(fetchSession).toHaveBeenCalledTimes(1);
    expect(machine.getState()).toEqual({ status: 'authenticated', user: alice });
  });

  it('going online from expired: a refresh that finds no session gives none', async () => {
    const { machine, cache, network } = setup();
    cache.put(alice);
    failGoingOffline(() => (network.online = false));
    machine.start();
    await vi.advanceTimersByTimeAsync(3000);
    expect(machine.getState().status).toBe('expired');
    await comeOnline(network, null);
    expect(machine.getState()).toEqual({ status: 'none', user: null });
  });

  it('stopping removes the online listener', () => {
    const { machine, network } = setup();
    answerSession(null);
    const stop = machine.start();
    expect(network.listenerCount()).toBe(1);
    stop();
    expect(network.listenerCount()).toBe(0);
  });
});
