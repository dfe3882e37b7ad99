import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';

// The server's own ceilings on writes and CSP reports, made small here to be reached.
const server = useTestServer({ API_WRITE_LIMIT: '3' });

describe('server rate limits', () => {
  it('answers writes over the per-IP ceiling with 429 and Retry-After, and leaves reads alone', async () => {
    const client = server.client();
    for (let i = 0; i < 3; i += 1) {
      expect((await client.post('/api/rpc/user_exists_by_email', { _email: `n${i}@example.com` })).status).toBe(200);
    }
    const refused = await client.post('/api/rpc/user_exists_by_email', { _email: 'n4@example.com' });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await client.get('/api/health')).status).toBe(200);
  });

  it('counts a write whose body is refused before its route (nested too deeply) against the same ceiling', async () => {
    const fresh = await startTestServer({ API_WRITE_LIMIT: '3' });
    try {
      const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
      const answers = [];
      for (let i = 0; i < 4; i += 1) {
        const response = await fresh.client().request('POST', '/api/auth/sign-in/email', { body: deep });
        answers.push([response.status, (response.body as { error: { code: string } }).error.code]);
      }
      expect(answers).toEqual([
        [400, 'JSON_TOO_DEEP'],
        [400, 'JSON_TOO_DEEP'],
        [400, 'JSON_TOO_DEEP'],
        [429, 'RATE_LIMITED'],
      ]);
    } finally {
      await fresh.stop();
    }
  });

  it('limits CSP reports per IP', async () => {
    const fresh = await startTestServer({ CSP_REPORT_LIMIT: '2' });
    try {
      const report = { documentURI: 'http://localhost/', violatedDirective: 'script-src' };
      const statuses = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await fresh.client().post('/api/security/csp-violation', report)).status);
      expect(statuses).toEqual([204, 204, 429]);
    } finally {
      await fresh.stop();
    }
  });
});
