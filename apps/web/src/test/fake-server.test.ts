import { describe, expect, it, vi } from 'vitest';
import { ERROR_CATALOGUE } from '@ridgeline/shared/domain/errors';
import { api, ApiError } from '../lib/api-client';
import { answer, answerWhenReleased, apiError, fakeServerLifecycle, json, networkFailure, noContent, sent, sentPaths } from './fake-server';

// The fake server answers as the real one does; these pin the helpers every web test relies on.

describe('fake server', () => {
  it('answers JSON and records method, path with query, headers and the parsed body', async () => {
    answer('POST /api/things', json({ id: 't1' }, { status: 201 }));
    await expect(api.post('/api/things?draft=1', { name: 'Ridge' })).resolves.toEqual({ id: 't1' });
    expect(sentPaths()).toEqual(['POST /api/things?draft=1']);
    const [request] = sent('POST /api/things');
    expect(request?.body).toEqual({ name: 'Ridge' });
    expect(request?.headers.get('X-Request-Id')).toMatch(/.+/);
  });

  it("sends a catalogue error with the code's status, the one error shape, X-Request-Id and Retry-After", async () => {
    answer('POST /api/auth/sign-in/email', apiError('RATE_LIMITED', { retryAfter: 1800 }));
    const error = await api.post('/api/auth/sign-in/email', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', message: ERROR_CATALOGUE.RATE_LIMITED.message, retryAfter: 1800 });
    expect((error as ApiError).requestId).toMatch(/^req-fake-/);

    expect(apiError('INVALID_EMAIL_OR_PASSWORD')).toMatchObject({ status: 401 });
    expect(apiError('ACCOUNT_DISABLED')).toMatchObject({ status: 403 });
    expect(apiError('MAINTENANCE', { retryAfter: 1800 })).toMatchObject({ status: 503, headers: { 'Retry-After': '1800' } });
    const reply = apiError('FORBIDDEN', { message: 'Not yours', requestId: 'req-1' });
    expect(reply).toMatchObject({ body: { error: { message: 'Not yours', code: 'FORBIDDEN', timestamp: expect.any(String), requestId: 'req-1' } } });
  });

  it('answers with a network failure, no content, or one reply per request in turn', async () => {
    answer('GET /api/down', networkFailure());
    await expect(api.get('/api/down')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    answer('POST /api/security/csp-violation', noContent());
    await expect(api.post('/api/security/csp-violation', {})).resolves.toBeNull();

    answer('GET /api/flaky', [networkFailure(), json({ ok: true })]);
    await expect(api.get('/api/flaky')).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    await expect(api.get('/api/flaky')).resolves.toEqual({ ok: true });
    // Past the end of the list the request fails and is recorded as unanswered, so the test would fail.
    await expect(api.get('/api/flaky')).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    expect(fakeServerLifecycle.reset()).toEqual(['GET /api/flaky (after its 2 replies)']);
  });

  it('answers after a delay (fake timers) or when released', async () => {
    vi.useFakeTimers();
    try {
      answer('GET /api/slow', json({ ok: true }, { delayMs: 5_000 }));
      let settled = false;
      const slow = api.get('/api/slow', { urgent: true }).finally(() => (settled = true));
      await vi.advanceTimersByTimeAsync(4_999);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await expect(slow).resolves.toEqual({ ok: true });
    } finally {
      vi.useRealTimers();
    }

    const held = answerWhenReleased('GET /api/held');
    let done = false;
    const call = api.get('/api/held').finally(() => (done = true));
    await vi.waitFor(() => expect(sent('GET /api/held')).toHaveLength(1));
    expect(done).toBe(false);
    held.release(json({ ok: 1 }));
    await expect(call).resolves.toEqual({ ok: 1 });
  });
});
