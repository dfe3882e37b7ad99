import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Company, Me } from '@ridgeline/shared/contracts/team';
import { EMAIL_ALREADY_REGISTERED_MESSAGE } from '@ridgeline/shared/domain/auth-messages';
import { linkIn, signUpBody, TEST_PASSWORD, uniqueEmail } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';

const server = useTestServer();

const errorShape = (code: string) => ({
  error: { message: expect.any(String), code, timestamp: expect.any(String), requestId: expect.any(String) },
});

describe('sign-up and confirmation', () => {
  it('creates the company with the user as owner and a 14-day trial once the link is followed', async () => {
    const body = signUpBody({ companyName: 'Summit Exteriors' });
    const client = server.client();
    const signUp = await client.post<{ user: { email: string } }>('/api/auth/sign-up/email', body);
    expect(signUp.status).toBe(200);
    expect(signUp.body.user.email).toBe(body.email);
    expect(client.hasSession()).toBe(false);
    expect((await client.get('/api/me')).status).toBe(401);

    const mail = await server.readMail(body.email, 'Confirm');
    const link = new URL(linkIn(mail));
    expect(link.pathname).toBe('/api/auth/verify-email');
    const verify = await client.get(link.toString());
    expect(verify.status).toBe(302);
    expect(verify.headers.get('location')).toContain('/auth?confirmed=1');
    expect(client.hasSession()).toBe(true);

    const me = await client.get<Me>('/api/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: body.email, firstName: 'Robin', lastName: 'Slate', role: 'contractor', isEnabled: true });
    expect(me.body.company).toMatchObject({ name: 'Summit Exteriors', role: 'owner' });

    const company = await client.get<Company>('/api/company');
    expect(company.status).toBe(200);
    expect(company.body.trialEndsAt).not.toBeNull();
    const days = (Date.parse(company.body.trialEndsAt ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
  });

  it('refuses an address already registered with the exact message (any case)', async () => {
    const { email } = await server.signUpVerified();
    const before = await server.counts();
    const again = await server.client().post('/api/auth/sign-up/email', signUpBody({ email: email.toUpperCase() }));
    expect(again.status).toBe(409);
    expect(again.body).toEqual(errorShape('EMAIL_ALREADY_REGISTERED'));
    expect(again.body).toMatchObject({ error: { message: EMAIL_ALREADY_REGISTERED_MESSAGE } });
    expect(await server.counts()).toEqual(before);
  });

  it('refuses a common password with WEAK_PASSWORD and passwords of 7 or 129 characters', async () => {
    const before = await server.counts();
    const client = server.client();
    const weak = await client.post('/api/auth/sign-up/email', signUpBody({ password: 'password123' }));
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ error: { code: 'WEAK_PASSWORD', message: expect.stringContaining('too common') } });
    for (const password of ['a'.repeat(7), 'b'.repeat(129)]) {
      const response = await client.post('/api/auth/sign-up/email', signUpBody({ password }));
      expect(response.status).toBe(400);
      expect(response.body).toEqual(errorShape('VALIDATION_ERROR'));
    }
    const ok = await client.post('/api/auth/sign-up/email', signUpBody({ password: 'c'.repeat(128) }));
    expect(ok.status).toBe(200);
    expect((await server.counts()).user).toBe(before.user + 1);
  });

  it('answers user_exists_by_email with a bare boolean', async () => {
    const { email } = await server.signUpVerified();
    const client = server.client();
    const yes = await client.post('/api/rpc/user_exists_by_email', { _email: email });
    expect(yes.status).toBe(200);
    expect(yes.text).toBe('true');
    const no = await client.post('/api/rpc/user_exists_by_email', { _email: uniqueEmail('nobody') });
    expect(no.text).toBe('false');
  });
});

describe('racing sign-ups', () => {
  it('lets exactly one of several simultaneous sign-ups for one address win; the others get 409', async () => {
    const before = await server.counts();
    const body = signUpBody();
    const results = await Promise.all(Array.from({ length: 4 }, () => server.client().post('/api/auth/sign-up/email', body)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    for (const loser of results.filter((r) => r.status === 409)) {
      expect(loser.body).toMatchObject({ error: { code: 'EMAIL_ALREADY_REGISTERED', message: EMAIL_ALREADY_REGISTERED_MESSAGE } });
    }
    const after = await server.counts();
    expect(after.user).toBe(before.user + 1);
    expect(after.companies).toBe(before.companies + 1);
  });
});

describe('sign-in', () => {
  it('refuses an unverified address with 403 EMAIL_NOT_VERIFIED', async () => {
    const body = signUpBody();
    const client = server.client();
    expect((await client.post('/api/auth/sign-up/email', body)).status).toBe(200);
    const response = await client.post('/api/auth/sign-in/email', { email: body.email, password: body.password });
    expect(response.status).toBe(403);
    expect(response.body).toEqual(errorShape('EMAIL_NOT_VERIFIED'));
    expect(client.hasSession()).toBe(false);
  });

  it('signs in with the right password, 401 with a wrong one, and signs out', async () => {
    const { email } = await server.signUpVerified();
    const client = server.client();
    const wrong = await client.post('/api/auth/sign-in/email', { email, password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(errorShape('INVALID_EMAIL_OR_PASSWORD'));
    const right = await client.post<{ user: { email: string }; redirect: boolean }>('/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({ user: { email }, redirect: false });
    expect(client.hasSession()).toBe(true);
    const session = await client.get<{ user: { email: string } } | null>('/api/auth/get-session');
    expect(session.body?.user.email).toBe(email);
    expect((await client.post('/api/auth/sign-out', {})).status).toBe(200);
    expect((await client.get('/api/me')).status).toBe(401);
  });

  it('answers the 6th failed sign-in for the same email and IP with 429 and Retry-After', async () => {
    const { email } = await server.signUpVerified();
    const client = server.client();
    for (let i = 0; i < 5; i++) {
      expect((await client.post('/api/auth/sign-in/email', { email, password: `wrong-${i}-password` })).status).toBe(401);
    }
    const blocked = await client.post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual(errorShape('RATE_LIMITED'));
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(29 * 60);
    expect(retryAfter).toBeLessThanOrEqual(30 * 60);
    expect(client.hasSession()).toBe(false);
  });
});

describe('disabled accounts', () => {
  it('refuses sign-in to a banned (disabled) user with 403 ACCOUNT_DISABLED and the disabled-account sentence', async () => {
    const { email } = await server.signUpVerified();
    await server.db.execute(sql`update "user" set banned = true where email = ${email}`);
    const response = await server.client().post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ error: { code: 'ACCOUNT_DISABLED', message: expect.stringContaining('disabled by an administrator') } });
  });
});

describe('passwords', () => {
  it('resets a password through the mailed link', async () => {
    const { email, client: signedIn } = await server.signUpVerified();
    const client = server.client();
    expect((await client.post('/api/auth/request-password-reset', { email })).status).toBe(200);
    // Unknown addresses get the same answer (no account discovery).
    expect((await client.post('/api/auth/request-password-reset', { email: uniqueEmail('ghost') })).status).toBe(200);
    const mail = await server.readMail(email, 'Reset');
    // The mailed link lands straight on /auth with the token.
    const location = new URL(linkIn(mail));
    expect(location.origin).toBe(new URL(server.url).origin);
    expect(location.pathname).toBe('/auth');
    expect(location.searchParams.get('mode')).toBe('reset');
    const token = location.searchParams.get('token');
    expect(token).toBeTruthy();

    const weak = await client.post('/api/auth/reset-password', { token, newPassword: 'password123' });
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ error: { code: 'WEAK_PASSWORD' } });
    const newPassword = 'Fresh-Copper-Flashing-77';
    expect((await client.post('/api/auth/reset-password', { token, newPassword })).status).toBe(200);
    expect((await client.post('/api/auth/reset-password', { token, newPassword: 'Another-Fresh-One-88' })).status).toBe(400);

    expect((await server.client().post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD })).status).toBe(401);
    expect((await server.client().post('/api/auth/sign-in/email', { email, password: newPassword })).status).toBe(200);
    // Resetting signs out every existing session.
    expect((await signedIn.get('/api/me')).status).toBe(401);
  });

  it('refuses a made-up reset token with 400 in the error shape', async () => {
    const response = await server.client().post('/api/auth/reset-password', { token: 'made-up-token', newPassword: 'Fresh-Copper-Flashing-77' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(errorShape('INVALID_TOKEN'));
  });

  it('changes the password when signed in', async () => {
    const { client, email } = await server.signUpVerified();
    const wrongCurrent = await client.post('/api/auth/change-password', { currentPassword: 'not-it-at-all', newPassword: 'Slate-Tile-Valley-31' });
    expect(wrongCurrent.status).toBe(400);
    expect(wrongCurrent.body).toEqual(errorShape('INVALID_PASSWORD'));
    const weak = await client.post('/api/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'password123' });
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ error: { code: 'WEAK_PASSWORD' } });
    const ok = await client.post('/api/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'Slate-Tile-Valley-31' });
    expect(ok.status).toBe(200);
    expect((await client.get('/api/me')).status).toBe(200);
    expect((await server.client().post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD })).status).toBe(401);
    expect((await server.client().post('/api/auth/sign-in/email', { email, password: 'Slate-Tile-Valley-31' })).status).toBe(200);
    expect((await server.client().post('/api/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'Slate-Tile-Valley-32' })).status).toBe(401);
  });
});

describe('sessions and keys', () => {
  it('lists sessions and revokes the others', async () => {
    const { client, email } = await server.signUpVerified();
    const second = server.client();
    expect((await second.post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD })).status).toBe(200);
    const list = await client.get<{ token: string; ipAddress: string | null }[]>('/api/auth/list-sessions');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(2);
    expect((await client.post('/api/auth/revoke-other-sessions', {})).status).toBe(200);
    expect((await second.get('/api/me')).status).toBe(401);
    expect((await client.get('/api/me')).status).toBe(200);
    const after = await client.get<unknown[]>('/api/auth/list-sessions');
    expect(after.body).toHaveLength(1);
  });

  it('revokes one session by token', async () => {
    const { client, email } = await server.signUpVerified();
    const second = server.client();
    expect((await second.post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD })).status).toBe(200);
    const mine = await client.get<{ session: { token: string } }>('/api/auth/get-session');
    const list = await client.get<{ token: string }[]>('/api/auth/list-sessions');
    const other = list.body.find((s) => s.token !== mine.body.session.token);
    if (!other) throw new Error('no second session listed');
    expect((await client.post('/api/auth/revoke-session', { token: other.token })).status).toBe(200);
    expect((await second.get('/api/me')).status).toBe(401);
    expect((await client.get('/api/me')).status).toBe(200);
  });

  it('publishes the JWKS with a 10-minute cache', async () => {
    const response = await server.client().get<{ keys: { kid: string }[] }>('/.well-known/jwks.json');
    expect(response.status).toBe(200);
    expect(response.body.keys.length).toBeGreaterThan(0);
    expect(response.headers.get('cache-control')).toContain('max-age=600');
  });
});

describe('origin checks and redirects', () => {
  it('refuses a cookie-carrying write without a trusted Origin', async () => {
    const { client } = await server.signUpVerified();
    const foreign = await client.post('/api/auth/revoke-other-sessions', {}, { headers: { Origin: 'https://evil.example.com' } });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ error: { code: 'INVALID_ORIGIN' } });
    expect((await client.get('/api/me')).status).toBe(200);
  });

  it('never redirects a reset link to another site', async () => {
    const { email } = await server.signUpVerified();
    const client = server.client();
    await client.post('/api/auth/request-password-reset', { email });
    const token = new URL(linkIn(await server.readMail(email, 'Reset'))).searchParams.get('token') ?? '';
    const followed = await client.get(`/api/auth/reset-password/${token}?callbackURL=${encodeURIComponent('https://evil.example.com/steal')}`);
    expect(followed.headers.get('location') ?? '').not.toContain('evil.example.com');
    expect(followed.status).toBe(403);
  });

  it('leaves profile changes to PATCH /api/me: better-auth update-user is closed', async () => {
    const { client } = await server.signUpVerified();
    const response = await client.post('/api/auth/update-user', { firstName: 'x'.repeat(10_000), image: 'javascript:alert(1)' });
    expect(response.status).toBe(404);
    const me = await client.get<Me>('/api/me');
    expect(me.body.firstName).toBe('Robin');
    expect(me.body.avatarUrl).toBeNull();
  });
});
