import { describe, expect, it } from 'vitest';
import { secretFromUri, totp } from '../../test/totp';
import { useTestServer } from '../../test/use-test-server';

const server = useTestServer();

/** Signs up, enables TOTP and activates it; answers the secret. */
async function enrolled() {
  const user = await server.signUpVerified();
  const enable = await user.client.post<{ totpURI: string; backupCodes: string[] }>('/api/auth/two-factor/enable', { password: user.password });
  expect(enable.status).toBe(200);
  expect(enable.body.backupCodes.length).toBeGreaterThan(0);
  const secret = secretFromUri(enable.body.totpURI);
  const verify = await user.client.post('/api/auth/two-factor/verify-totp', { code: totp(secret) });
  expect(verify.status).toBe(200);
  return { ...user, secret, backupCodes: enable.body.backupCodes };
}

describe('two-factor (TOTP)', () => {
  it('asks for the code at sign-in and completes it through the factor calls', async () => {
    const { client, email, password, secret } = await enrolled();
    expect((await client.post('/api/auth/sign-out', {})).status).toBe(200);

    const signIn = await client.post<{ twoFactorRedirect?: boolean }>('/api/auth/sign-in/email', { email, password });
    expect(signIn.status).toBe(200);
    expect(signIn.body.twoFactorRedirect).toBe(true);
    expect(client.hasSession()).toBe(false);
    expect((await client.get('/api/me')).status).toBe(401);

    const challenge = await client.post<{ id: string; factor_id: string; expires_at: string }>('/api/auth/factors/totp/challenge', { channel: 'totp' });
    expect(challenge.status).toBe(200);
    expect(challenge.body).toMatchObject({ id: expect.any(String), factor_id: 'totp', expires_at: expect.any(String) });

    const verify = await client.post<{ verified?: boolean }>('/api/auth/factors/totp/verify', { code: totp(secret), challenge_id: challenge.body.id });
    expect(verify.status).toBe(200);
    expect(client.hasSession()).toBe(true);
    expect((await client.get('/api/me')).status).toBe(200);

    // A challenge is used once.
    const reused = await client.post('/api/auth/factors/totp/verify', { code: totp(secret), challenge_id: challenge.body.id });
    expect(reused.status).toBe(400);
  });

  it('refuses other channels and factors, unknown challenges and wrong codes with 400', async () => {
    const { client, email, password, secret } = await enrolled();
    await client.post('/api/auth/sign-out', {});
    expect((await client.post('/api/auth/sign-in/email', { email, password })).body).toMatchObject({ twoFactorRedirect: true });

    const sms = await client.post('/api/auth/factors/totp/challenge', { channel: 'sms' });
    expect(sms.status).toBe(400);
    expect(sms.body).toMatchObject({ error: { code: 'VALIDATION_ERROR', message: expect.stringContaining('sms') } });
    expect((await client.post('/api/auth/factors/phone/challenge', { channel: 'totp' })).status).toBe(400);

    const unknown = await client.post('/api/auth/factors/totp/verify', { code: totp(secret), challenge_id: 'no-such-challenge' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ error: { code: 'INVALID_CHALLENGE' } });

    const challenge = await client.post<{ id: string }>('/api/auth/factors/totp/challenge', { channel: 'totp' });
    const wrongCode = totp(secret) === '000000' ? '111111' : '000000';
    const wrong = await client.post('/api/auth/factors/totp/verify', { code: wrongCode, challenge_id: challenge.body.id });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    expect(wrong.status).toBeLessThan(500);
    expect(client.hasSession()).toBe(false);
  });

  it('completes a two-factor sign-in with verify-totp and with a backup code', async () => {
    const { client, email, password, secret, backupCodes } = await enrolled();
    await client.post('/api/auth/sign-out', {});
    await client.post('/api/auth/sign-in/email', { email, password });
    expect((await client.post('/api/auth/two-factor/verify-totp', { code: totp(secret) })).status).toBe(200);
    expect((await client.get('/api/me')).status).toBe(200);

    const other = server.client();
    await other.post('/api/auth/sign-in/email', { email, password });
    expect((await other.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] })).status).toBe(200);
    expect((await other.get('/api/me')).status).toBe(200);
  });

  it('disables two-factor with the password and a code; sign-in then needs no code', async () => {
    const { client, email, password, secret } = await enrolled();
    expect((await client.post('/api/auth/two-factor/disable', { password })).status).toBe(400);
    expect((await client.post('/api/auth/two-factor/disable', { password: 'wrong-password-here', code: totp(secret) })).status).toBe(400);
    const disabled = await client.post('/api/auth/two-factor/disable', { password, code: totp(secret) });
    expect(disabled.status).toBe(200);
    const again = server.client();
    const signIn = await again.post<{ twoFactorRedirect?: boolean }>('/api/auth/sign-in/email', { email, password });
    expect(signIn.status).toBe(200);
    expect(signIn.body.twoFactorRedirect).toBeUndefined();
    expect(again.hasSession()).toBe(true);
  });
});
