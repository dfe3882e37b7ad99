import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { secretFromUri, totp } from '../../test/totp';
import { TEST_PASSWORD } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';

// What a full session must not allow: guessing a second factor or the password without limit,
// keeping other devices signed in after a password change, revoking somebody else's session.
const server = useTestServer();

async function enrolled() {
  const user = await server.signUpVerified();
  const enable = await user.client.post<{ totpURI: string }>('/api/auth/two-factor/enable', { password: user.password });
  const secret = secretFromUri(enable.body.totpURI);
  expect((await user.client.post('/api/auth/two-factor/verify-totp', { code: totp(secret) })).status).toBe(200);
  return { ...user, secret };
}

const twoFactorEnabled = async (email: string) =>
  (await server.db.execute<{ on: boolean }>(sql`select two_factor_enabled as on from "user" where email = ${email}`)).rows[0]?.on;

/** A six-digit code that is not the current one (nor its neighbours in time). */
function wrongCode(secret: string): string {
  const right = new Set([totp(secret), totp(secret, Date.now() - 30_000), totp(secret, Date.now() + 30_000)]);
  for (let n = 0; ; n++) {
    const code = String(100_000 + n * 7919).slice(0, 6);
    if (!right.has(code)) return code;
  }
}

describe('attempt limits inside a session', () => {
  it('locks turning two-factor off after 5 wrong codes: the right code then changes nothing', async () => {
    const { client, email, password, secret } = await enrolled();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await client.post('/api/auth/two-factor/disable', { password, code: wrongCode(secret) })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const locked = await client.post('/api/auth/two-factor/disable', { password, code: totp(secret) });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ error: { code: 'RATE_LIMITED', message: expect.stringContaining('Too many incorrect codes or passwords') } });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(29 * 60);
    expect(await twoFactorEnabled(email)).toBe(true);
  });

  it('lets at most 5 of 20 simultaneous wrong codes be checked', async () => {
    const { client, secret } = await enrolled();
    const answers = await Promise.all(Array.from({ length: 20 }, () => client.post('/api/auth/two-factor/verify-totp', { code: wrongCode(secret) })));
    expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(15);
  });

  it('locks password checks too, and a right answer before the limit gives its attempt back', async () => {
    const { client, password } = await server.signUpVerified();
    for (let i = 0; i < 4; i++) expect((await client.post('/api/auth/verify-password', { password: 'Not-The-Password-1' })).status).toBe(400);
    for (let i = 0; i < 3; i++) expect((await client.post('/api/auth/verify-password', { password })).status).toBe(200);
    expect((await client.post('/api/auth/verify-password', { password: 'Not-The-Password-1' })).status).toBe(400);
    expect((await client.post('/api/auth/verify-password', { password: 'Not-The-Password-1' })).status).toBe(429);
    expect((await client.post('/api/auth/verify-password', { password })).status).toBe(429);
  });
});

describe('sessions', () => {
  it('signs out every other device when the password changes, and keeps this one', async () => {
    const { client, email } = await server.signUpVerified();
    const phone = server.client();
    expect((await phone.post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD })).status).toBe(200);
    expect((await phone.get('/api/me')).status).toBe(200);
    const changed = await client.post('/api/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'Slate-Tile-Valley-31' });
    expect(changed.status).toBe(200);
    expect((await phone.get('/api/me')).status).toBe(401);
    expect((await client.get('/api/me')).status).toBe(200);
  });

  it("answers 404 for another user's session token and leaves that session alive", async () => {
    const victim = await server.signUpVerified();
    const attacker = await server.signUpVerified();
    const token = (await victim.client.get<{ session: { token: string } }>('/api/auth/get-session')).body.session.token;
    const refused = await attacker.client.post('/api/auth/revoke-session', { token });
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ error: { code: 'SESSION_NOT_FOUND' } });
    expect((await victim.client.get('/api/me')).status).toBe(200);
  });
});
