import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, uniqueEmail } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';

// The per-IP ceiling against password spraying (AUTH_IP_LIMIT), on its own server so the low
// limit touches no other test, and the (email, IP) counter reset after a good sign-in.
const server = useTestServer({ AUTH_IP_LIMIT: '4' });

describe('sign-in limits', () => {
  it('forgets failures for the address after a successful sign-in', async () => {
    const { email } = await server.signUpVerified();
    const client = server.client();
    for (let i = 0; i < 3; i++) expect((await client.post('/api/auth/sign-in/email', { email, password: 'wrong-password-x' })).status).toBe(401);
    expect((await client.post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD })).status).toBe(200);
    await server.db.execute("delete from rate_limits where key like 'login-ip:%'");
    for (let i = 0; i < 3; i++) expect((await client.post('/api/auth/sign-in/email', { email, password: 'wrong-password-y' })).status).toBe(401);
    expect((await client.post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD })).status).toBe(200);
  });

  it('blocks an IP that sprays many addresses, whatever the address', async () => {
    await server.db.execute('delete from rate_limits');
    const client = server.client();
    for (let i = 0; i < 4; i++) {
      expect((await client.post('/api/auth/sign-in/email', { email: uniqueEmail('spray'), password: 'Summer-2026-pass' })).status).toBe(401);
    }
    const blocked = await client.post('/api/auth/sign-in/email', { email: uniqueEmail('spray'), password: 'Summer-2026-pass' });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
