import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, json, sent } from '../test/fake-server';
import { api } from './api-client';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('api client timeouts', () => {
  it('times a JSON call out at 10 s but lets a file upload run past it', async () => {
    answer('PUT /api/me/avatar', json({ ok: true }, { delayMs: 15_000 }));
    answer('GET /api/me/slow', json({ ok: true }, { delayMs: 15_000 }));
    const upload = api.put<{ ok: boolean }>('/api/me/avatar', new Blob(['png'], { type: 'image/png' }));
    const jsonCall = api.get('/api/me/slow');
    const jsonResult = jsonCall.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(((await jsonResult) as Error).message).toBe('Request timeout');
    // The upload outlives the 10 s: it ends when its 15 s answer comes. (Where the runtime reads the
    // Blob body asynchronously, the answer's wait starts a moment later: time moves until it lands.)
    let uploaded = false;
    void upload.then(() => (uploaded = true)).catch(() => undefined);
    for (let second = 0; second < 30 && !uploaded; second += 1) await vi.advanceTimersByTimeAsync(1_000);
    await expect(upload).resolves.toEqual({ ok: true });
    expect(sent('PUT /api/me/avatar')).toHaveLength(1);
    expect(sent('PUT /api/me/avatar')[0]?.headers.get('Content-Type')).toBe('image/png');
    expect(sent('PUT /api/me/avatar')[0]?.body).toBe('png');
  });
});
