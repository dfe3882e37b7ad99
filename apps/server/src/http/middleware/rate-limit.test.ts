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
