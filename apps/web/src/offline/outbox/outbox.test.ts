import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { answer, apiError, json, networkFailure } from '../../test/fake-server';
import { newId, uuidFromBytes } from './ids';
import { browserLock, underLock, type LockRequest } from './lock';
import { browserNetwork, serverAnswers } from './network';
import { isNetworkFailure, mayPass, RETRY_MAX_DELAY_MS, retryDelayMs, serverRetryAfterMs } from './retry';

// The outbox kit every offline outbox sends with: one retry rule and its backoff, one lock so two tabs
// never send the same item, one network watcher, one id function that works without randomUUID.

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A lock as the browser's Web Locks grant it: one holder of a name at a time, the others in turn. */
function fakeLocks(): LockRequest {
  const tails = new Map<string, Promise<void>>();
  return (name, hold) => {
    const turn = (tails.get(name) ?? Promise.resolve()).then(hold);
    const tail = turn.catch(() => undefined);
    tails.set(name, tail);
    return turn;
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the retry rule', () => {
  it('waits 1 s after the first failure and doubles each time, never more than 30 s', () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16_000]);
    expect(retryDelayMs(6)).toBe(RETRY_MAX_DELAY_MS);
    expect(retryDelayMs(60)).toBe(30_000);
    expect(retryDelayMs(0)).toBe(1000);
  });

  it('keeps trying what may pass: no answer, 401, 402, 408, 429, server failures, anything not the server’s', () => {
    for (const status of [0, 401, 402, 408, 429, 500, 502, 503]) expect(mayPass(new ApiError(status, 'X', '', 'r'))).toBe(true);
    expect(mayPass(new DOMException('Timed out', 'TimeoutError'))).toBe(true);
    expect(mayPass(new TypeError('Failed to fetch'))).toBe(true);
  });

  it('gives up on what the server would refuse again', () => {
    for (const status of [400, 403, 404, 409, 413, 415, 422]) expect(mayPass(new ApiError(status, 'X', '', 'r'))).toBe(false);
  });

  it('tells a lost network from an answer, and reads the wait the server asked for', () => {
    expect(isNetworkFailure(new ApiError(0, 'NETWORK_ERROR', '', 'r'))).toBe(true);
    expect(isNetworkFailure(new ApiError(503, 'SERVER_ERROR', '', 'r'))).toBe(false);
    expect(serverRetryAfterMs(new ApiError(429, 'RATE_LIMITED', '', 'r', 12))).toBe(12_000);
    expect(serverRetryAfterMs(new ApiError(503, 'SERVER_ERROR', '', 'r'))).toBe(0);
    expect(serverRetryAfterMs(new Error('boom'))).toBe(0);
  });
});

describe('the lock', () => {
  it('runs one task at a time under a name, in turn, each with its own result', async () => {
    const lock = fakeLocks();
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`${name} in`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      log.push(`${name} out`);
      return name;
    };
    const results = await Promise.all([underLock(lock, 'outbox', task('a')), underLock(lock, 'outbox', task('b'))]);
    expect(results).toEqual(['a', 'b']);
    expect(log).toEqual(['a in', 'a out', 'b in', 'b out']);
  });

  it('lets the next holder in after a task fails, and hands the failure to its caller', async () => {
    const lock = fakeLocks();
    const failed = underLock(lock, 'outbox', () => Promise.reject(new Error('send failed')));
    const next = underLock(lock, 'outbox', async () => 'next');
    await expect(failed).rejects.toThrow('send failed');
    await expect(next).resolves.toBe('next');
  });

  it('runs at once where the browser has no locks', async () => {
    expect(browserLock()).toBeNull();
    await expect(underLock(null, 'outbox', async () => 7)).resolves.toBe(7);
  });

  it('uses the browser’s Web Locks where there are some', async () => {
    const request = vi.fn((_name: string, hold: () => Promise<void>) => hold());
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    const lock = browserLock();
    await expect(underLock(lock, 'ridgeline-chat-outbox', async () => 'sent')).resolves.toBe('sent');
    expect(request).toHaveBeenCalledWith('ridgeline-chat-outbox', expect.any(Function));
  });
});

describe('the network watcher', () => {
  it('hears the browser going offline and back online until unsubscribed', () => {
    const heard: boolean[] = [];
    const stop = browserNetwork.subscribe((online) => heard.push(online));
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
    stop();
    window.dispatchEvent(new Event('offline'));
    expect(heard).toEqual([false, true]);
  });

  it('reads navigator.onLine', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(browserNetwork.isOnline()).toBe(false);
  });

  it('counts any answer of the server as reachable, and no answer as not', async () => {
    answer('GET /api/health', json({ status: 'ok' }));
    expect(await serverAnswers()).toBe(true);
    answer('GET /api/health', apiError('DATABASE_UNAVAILABLE'));
    expect(await serverAnswers()).toBe(true);
    answer('GET /api/health', networkFailure());
    expect(await serverAnswers()).toBe(false);
  });
});

describe('ids', () => {
  it('are version 4 UUIDs, a new one each time', () => {
    const ids = new Set(Array.from({ length: 50 }, newId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(UUID_V4);
  });

  it('are made from random bytes where randomUUID is missing (plain http)', () => {
    const getRandomValues = vi.fn(<T extends ArrayBufferView | null>(array: T): T => {
      if (array instanceof Uint8Array) array.fill(0xff);
      return array;
    });
    vi.stubGlobal('crypto', { getRandomValues });
    expect(newId()).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(getRandomValues).toHaveBeenCalledOnce();
  });

  it('set the version and variant bits whatever the bytes', () => {
    expect(uuidFromBytes(new Uint8Array(16))).toBe('00000000-0000-4000-8000-000000000000');
    expect(uuidFromBytes(new Uint8Array(16).fill(0xff))).toMatch(UUID_V4);
  });
});
