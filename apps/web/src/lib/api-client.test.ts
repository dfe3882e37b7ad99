import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('api client timeouts', () => {
  it('times a JSON call out at 10 s but lets a file upload run past it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) =>
            setTimeout(() => resolve(new Response('{"ok":true}', { status: 200, headers: { 'Content-Type': 'application/json' } })), 15_000),
          ),
      ),
    );
    const upload = api.put<{ ok: boolean }>('/api/me/avatar', new Blob(['png'], { type: 'image/png' }));
    const json = api.get('/api/me/slow');
    const jsonResult = json.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(((await jsonResult) as Error).message).toBe('Request timeout');
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(upload).resolves.toEqual({ ok: true });
  });
});
