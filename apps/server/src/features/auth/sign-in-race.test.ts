import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';

// The sign-in limits hold when the attempts arrive together: each attempt is counted atomically
// before the password is checked, so requests in flight at once cannot all slip under the limit.
// Every request goes out on its own connection at the same moment (Promise.all).
const server = useTestServer();

const attempt = (email: string, password: string) => server.client().post('/api/auth/sign-in/email', { email, password });

describe('sign-in limits under concurrency', () => {
  it('lets at most 5 of 40 simultaneous wrong passwords for one account reach the password check', async () => {
    const { email } = await server.signUpVerified();
    const answers = await Promise.all(Array.from({ length: 40 }, () => attempt(email, 'Wrong-Password-123')));
    const checked = answers.filter((a) => a.status === 401);
    const refused = answers.filter((a) => a.status === 429);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(checked.length + refused.length).toBe(40);
    for (const r of refused) expect(r.body).toMatchObject({ error: { code: 'RATE_LIMITED' } });
  });

  it('lets at most 50 of 120 simultaneous unknown addresses from one IP be checked', async () => {
    await server.db.execute('delete from rate_limits');
    const answers = await Promise.all(Array.from({ length: 120 }, () => attempt(uniqueEmail('spray'), 'Summer-2026-pass')));
    const checked = answers.filter((a) => a.status === 401).length;
    expect(checked).toBeLessThanOrEqual(50);
    expect(answers.filter((a) => a.status === 429).length).toBe(120 - checked);
  });
});
