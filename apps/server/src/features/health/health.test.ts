import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../test/use-test-server';

const server = useTestServer();

describe('GET /api/health', () => {
  it('answers ok with the external database and the version', async () => {
    const response = await server.client().get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', database: 'external', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(response.headers.get('x-request-id')).toMatch(/^[\w-]{8,64}$/);
  });

  it('puts the request id in the header and in error bodies', async () => {
    const response = await server.client().get('/api/no-such-route');
    expect(response.status).toBe(404);
    const id = response.headers.get('x-request-id');
    expect(id).toBeTruthy();
    expect(response.body).toEqual({
      error: { message: expect.any(String), code: 'NOT_FOUND', timestamp: expect.any(String), requestId: id },
    });
  });

  it('echoes a sane client request id and replaces an unsafe one', async () => {
    const client = server.client();
    const kept = await client.get('/api/health', { headers: { 'X-Request-Id': 'client-abc-12345' } });
    expect(kept.headers.get('x-request-id')).toBe('client-abc-12345');
    const replaced = await client.get('/api/health', { headers: { 'X-Request-Id': 'bad id<script>' } });
    expect(replaced.headers.get('x-request-id')).not.toBe('bad id<script>');
  });

  it('answers 401 in the error shape without a session', async () => {
    const response = await server.client().get('/api/me');
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ error: { code: 'UNAUTHENTICATED', requestId: response.headers.get('x-request-id') } });
  });
});
