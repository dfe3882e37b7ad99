import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, apiError, sentPaths } from '../test/fake-server';
import {
  clearSecurityLog,
  createSecurityLog,
  logSecurityEvent,
  readSecurityLog,
  SECURITY_LOG_KEY,
  SECURITY_LOG_LIMITS,
  subscribeSecurityLog,
} from './security-log';

beforeEach(() => localStorage.clear());
afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('security log', () => {
  it('uses the log limits and the storage key', () => {
    expect(SECURITY_LOG_LIMITS).toEqual({ entries: 50, message: 200, context: 500 });
    expect(SECURITY_LOG_KEY).toBe('ridgeline.security-log');
  });

  it('stores {at, level, event, message, context} in localStorage and reads newest first', () => {
    const log = createSecurityLog(
      () => localStorage,
      () => new Date('2026-03-01T09:00:00.000Z'),
    );
    log.log('warning', 'http_forbidden', 'You do not have permission', { path: '/api/admin' });
    log.log('error', 'csp_violation', 'Blocked script', { blocked: 'https://evil.example' });
    const stored: unknown = JSON.parse(localStorage.getItem(SECURITY_LOG_KEY) ?? 'null');
    expect(stored).toEqual([
      { at: '2026-03-01T09:00:00.000Z', level: 'warning', event: 'http_forbidden', message: 'You do not have permission', context: '{"path":"/api/admin"}' },
      { at: '2026-03-01T09:00:00.000Z', level: 'error', event: 'csp_violation', message: 'Blocked script', context: '{"blocked":"https://evil.example"}' },
    ]);
    expect(log.read().map((e) => e.event)).toEqual(['csp_violation', 'http_forbidden']);
  });

  it('keeps the latest 50 entries', () => {
    for (let i = 0; i < 60; i += 1) logSecurityEvent('warning', `event-${i}`, 'm');
    const entries = readSecurityLog();
    expect(entries).toHaveLength(50);
    expect(entries[0]?.event).toBe('event-59');
    expect(entries[49]?.event).toBe('event-10');
  });

  it('cuts the message to 200 characters and the context JSON to 500', () => {
    const entry = logSecurityEvent('error', 'sign_in_failed', 'x'.repeat(300), { note: 'y'.repeat(1000) });
    expect(entry.message).toHaveLength(200);
    expect(entry.context).toHaveLength(500);
    expect(entry.context.startsWith('{"note":"yyy')).toBe(true);
    const cyclic: { self?: unknown } = {};
    cyclic.self = cyclic;
    expect(logSecurityEvent('error', 'odd', 'cyclic', cyclic).context).toBe('[object Object]');
    expect(logSecurityEvent('error', 'none', 'no context').context).toBe('');
  });

  it('survives corrupt storage: bad JSON, a non-array, bad entries', () => {
    localStorage.setItem(SECURITY_LOG_KEY, '{not json');
    expect(readSecurityLog()).toEqual([]);
    logSecurityEvent('warning', 'after-corrupt', 'ok');
    expect(readSecurityLog().map((e) => e.event)).toEqual(['after-corrupt']);

    localStorage.setItem(SECURITY_LOG_KEY, '{"level":"error"}');
    expect(readSecurityLog()).toEqual([]);
    localStorage.setItem(
      SECURITY_LOG_KEY,
      JSON.stringify([
        { at: 'x', level: 'info', event: 'e', message: 'm', context: '' },
        null,
        3,
        { at: 'x', level: 'error', event: 'kept', message: 'm', context: '' },
      ]),
    );
    expect(readSecurityLog().map((e) => e.event)).toEqual(['kept']);
  });

  it('survives storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const log = createSecurityLog(() => broken);
    expect(() => log.log('error', 'e', 'm')).not.toThrow();
    expect(log.read()).toEqual([]);
    expect(() => log.clear()).not.toThrow();
  });

  it('clears, notifies subscribers, and returns the same array until it changes', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSecurityLog(listener);
    logSecurityEvent('warning', 'a', 'm');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(readSecurityLog()).toBe(readSecurityLog());
    window.dispatchEvent(new StorageEvent('storage', { key: SECURITY_LOG_KEY }));
    expect(listener).toHaveBeenCalledTimes(2);
    clearSecurityLog();
    expect(listener).toHaveBeenCalledTimes(3);
    expect(readSecurityLog()).toEqual([]);
    expect(localStorage.getItem(SECURITY_LOG_KEY)).toBeNull();
    unsubscribe();
    logSecurityEvent('warning', 'b', 'm');
    expect(listener).toHaveBeenCalledTimes(3);
  });
});

describe('api client writes the security log', () => {
  it('logs every 403 and 429 answer (path without query), not other failures', async () => {
    answer('GET /api/admin/users', apiError('FORBIDDEN', { message: 'You do not have permission to perform this action.', requestId: 'req-403' }));
    answer('POST /api/auth/sign-in/email', apiError('RATE_LIMITED', { message: 'Too many requests', requestId: 'req-429', retryAfter: 60 }));
    answer('GET /api/missing', apiError('NOT_FOUND', { message: 'Not found', requestId: 'req-404' }));
    const { api } = await import('./api-client');
    await expect(api.get('/api/admin/users?q=secret')).rejects.toMatchObject({ status: 403 });
    await expect(api.post('/api/auth/sign-in/email', { email: 'a@example.com' })).rejects.toMatchObject({ status: 429, retryAfter: 60 });
    await expect(api.get('/api/missing')).rejects.toMatchObject({ status: 404 });
    expect(sentPaths()).toEqual(['GET /api/admin/users?q=secret', 'POST /api/auth/sign-in/email', 'GET /api/missing']);

    const entries = readSecurityLog();
    expect(entries.map((e) => [e.level, e.event, e.message])).toEqual([
      ['warning', 'http_rate_limited', 'Too many requests'],
      ['warning', 'http_forbidden', 'You do not have permission to perform this action.'],
    ]);
    expect(JSON.parse(entries[1]?.context ?? '{}')).toEqual({ method: 'GET', path: '/api/admin/users', status: 403, code: 'FORBIDDEN', requestId: 'req-403' });
    expect(entries[0]?.context).not.toContain('a@example.com');
  });
});
