import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminUserList, ImpersonationAuditEntry, ImpersonationResponse } from '@ridgeline/shared/contracts/admin';
import { impersonationAudit, session, user } from '../../infra/db/schema/index';
import { TEST_PASSWORD, type SignedUpUser } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';

const server = useTestServer({ TRUST_PROXY: 'loopback' });
let admin: SignedUpUser;
let owner: SignedUpUser; // a company owner: not a platform admin
let worker: SignedUpUser;

const userId = (who: SignedUpUser) => who.me.id;

beforeAll(async () => {
  // The security-header test sends X-Forwarded-Proto as the proxy in front would: trust it.
  admin = await server.signUpVerified({ companyName: 'Ridgeline Support' });
  owner = await server.signUpVerified({ companyName: 'Hail Kings Roofing' });
  worker = await server.signUpVerified({ companyName: 'Storm Pros Exteriors', firstName: 'Wendy' });
  await server.db.update(user).set({ role: 'admin' }).where(eq(user.email, admin.email));
});

describe('admin user list', () => {
  it('searches users by name, e-mail and company for platform admins', async () => {
    const byCompany = await admin.client.get<AdminUserList>('/api/admin/users?q=storm pros');
    expect(byCompany.status).toBe(200);
    expect(byCompany.body.users.map((u) => u.email)).toEqual([worker.email]);
    expect(byCompany.body.users[0]).toMatchObject({
      name: expect.stringMatching(/^Wendy /),
      companyName: 'Storm Pros Exteriors',
      isEnabled: true,
      role: 'contractor',
    });
    const byName = await admin.client.get<AdminUserList>('/api/admin/users?q=wendy');
    expect(byName.body.users.map((u) => u.email)).toEqual([worker.email]);
    const byEmail = await admin.client.get<AdminUserList>(`/api/admin/users?q=${encodeURIComponent(owner.email)}`);
    expect(byEmail.body.users.map((u) => u.email)).toEqual([owner.email]);
    const wildcard = await admin.client.get<AdminUserList>('/api/admin/users?q=%25');
    expect(wildcard.body.users).toEqual([]);
    const all = await admin.client.get<AdminUserList>('/api/admin/users');
    expect(all.body.users.length).toBe(3);
  });

  it('is refused to a company owner and to anonymous callers, and bad input is a 400', async () => {
    const refused = await owner.client.get<AdminUserList>('/api/admin/users');
    expect(refused.status).toBe(403);
    expect(refused.text).not.toContain(worker.email);
    expect((await server.client().get('/api/admin/users')).status).toBe(401);
    expect((await admin.client.get(`/api/admin/users?q=${'x'.repeat(500)}`)).status).toBe(400);
    const patch = await owner.client.patch(`/api/admin/users/${userId(worker)}`, { isEnabled: false });
    expect(patch.status).toBe(403);
    expect((await admin.client.patch(`/api/admin/users/${userId(worker)}`, { isEnabled: 'no' })).status).toBe(400);
    expect((await admin.client.patch('/api/admin/users/nobody', { isEnabled: false })).status).toBe(404);
    const [row] = await server.db
      .select({ banned: user.banned })
      .from(user)
      .where(eq(user.id, userId(worker)));
    expect(row?.banned).toBe(false);
  });
});

describe('disabled accounts', () => {
  it('refuses every call but the session read and sign-out with 403 ACCOUNT_DISABLED, at once, and sign-in too', async () => {
    const target = await server.signUpVerified();
    const second = server.client();
    expect((await second.post('/api/auth/sign-in/email', { email: target.email, password: TEST_PASSWORD })).status).toBe(200);

    const disabled = await admin.client.patch(`/api/admin/users/${userId(target)}`, { isEnabled: false });
    expect(disabled.status).toBe(200);
    expect(disabled.body).toMatchObject({ isEnabled: false });

    for (const client of [target.client, second]) {
      const me = await client.get('/api/me');
      expect(me.status).toBe(403);
      expect(me.body).toMatchObject({ error: { code: 'ACCOUNT_DISABLED', requestId: expect.any(String) } });
      expect((await client.get('/api/team')).status).toBe(403);
      expect((await client.post('/api/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'Another-Long-Pass-42' })).status).toBe(403);
      expect((await client.get('/api/auth/list-sessions')).status).toBe(403);
      const sessionRead = await client.get<{ user: { banned: boolean } }>('/api/auth/get-session');
      expect(sessionRead.status).toBe(200);
      expect(sessionRead.body.user.banned).toBe(true);
    }

    // Signing out ends the session; signing in again is refused with the same code.
    expect((await second.post('/api/auth/sign-out')).status).toBe(200);
    const sessions = await server.db
      .select()
      .from(session)
      .where(eq(session.userId, userId(target)));
    expect(sessions).toHaveLength(1);
    const signIn = await server.client().post('/api/auth/sign-in/email', { email: target.email, password: TEST_PASSWORD });
    expect(signIn.status).toBe(403);
    expect(signIn.body).toMatchObject({ error: { code: 'ACCOUNT_DISABLED', message: expect.stringContaining('disabled by an administrator') } });

    const listed = await admin.client.get<AdminUserList>(`/api/admin/users?q=${encodeURIComponent(target.email)}`);
    expect(listed.body.users[0]?.isEnabled).toBe(false);

    // Enabled again: the remaining session works at once.
    expect((await admin.client.patch(`/api/admin/users/${userId(target)}`, { isEnabled: true })).body).toMatchObject({ isEnabled: true });
    expect((await target.client.get('/api/me')).status).toBe(200);
  });

  it('an admin cannot disable their own account', async () => {
    const self = await admin.client.patch(`/api/admin/users/${userId(admin)}`, { isEnabled: false });
    expect(self.status).toBe(400);
    expect((await admin.client.get('/api/me')).status).toBe(200);
  });
});

const impersonate = (client: SignedUpUser['client'], body: unknown) => client.post<ImpersonationResponse>('/api/functions/admin-impersonation', body);

describe('impersonation', () => {
  it('refuses non-admins with 403, checks its input, and status answers for admins', async () => {
    const refused = await impersonate(owner.client, { action: 'start', targetUserId: userId(worker), reason: 'curious' });
    expect(refused.status).toBe(403);
    expect((await impersonate(owner.client, { action: 'status' })).status).toBe(403);
    expect(await server.db.select().from(impersonationAudit)).toHaveLength(0);
    expect((await impersonate(admin.client, { action: 'start', targetUserId: userId(worker) })).status).toBe(400);
    expect((await impersonate(admin.client, { action: 'start', targetUserId: userId(worker), reason: '   ' })).status).toBe(400);
    expect((await impersonate(admin.client, { action: 'jump' })).status).toBe(400);
    expect((await impersonate(admin.client, { action: 'start', targetUserId: 'nobody', reason: 'support' })).status).toBe(404);
    expect((await impersonate(admin.client, { action: 'start', targetUserId: userId(admin), reason: 'support' })).status).toBe(400);
    const status = await impersonate(admin.client, { action: 'status' });
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ success: true, isImpersonating: false, impersonatedUser: null, error: null });
    expect((await admin.client.get('/api/admin/impersonation/audit')).status).toBe(200);
    expect((await owner.client.get('/api/admin/impersonation/audit')).status).toBe(403);
  });

  it('starts as the target for an hour, restricts it, audits it, and ends back as the admin', async () => {
    const viewer = server.client();
    expect((await viewer.post('/api/auth/sign-in/email', { email: admin.email, password: TEST_PASSWORD })).status).toBe(200);

    const started = await impersonate(viewer, { action: 'start', targetUserId: userId(worker), reason: 'Customer asked for help with the team page' });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({
      success: true,
      isImpersonating: true,
      targetUser: { id: userId(worker), email: worker.email },
      impersonatedUser: { email: worker.email },
      sessionId: expect.any(String),
      error: null,
    });
    const minutes = (new Date(started.body.expiresAt ?? 0).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(58);
    expect(minutes).toBeLessThanOrEqual(60);

    const me = await viewer.get<{ email: string }>('/api/me');
    expect(me.body.email).toBe(worker.email);
    const status = await impersonate(viewer, { action: 'status' });
    expect(status.body).toMatchObject({ isImpersonating: true, impersonatedUser: { email: worker.email }, sessionId: started.body.sessionId });

    // Not again, and not the target's password, two-factor or sessions.
    expect((await impersonate(viewer, { action: 'start', targetUserId: userId(owner), reason: 'again' })).status).toBe(403);
    const password = await viewer.post('/api/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'Another-Long-Pass-42' });
    expect(password.status).toBe(403);
    expect(password.body).toMatchObject({ error: { code: 'IMPERSONATION_RESTRICTED' } });
    expect((await viewer.post('/api/auth/two-factor/enable', { password: TEST_PASSWORD })).status).toBe(403);
    expect((await viewer.post('/api/auth/revoke-other-sessions')).status).toBe(403);
    // better-auth's own admin endpoints are closed: everything goes through the audited function.
    expect((await admin.client.post('/api/auth/admin/impersonate-user', { userId: userId(worker) })).status).toBe(404);

    const [audit] = await admin.client.get<{ entries: ImpersonationAuditEntry[] }>('/api/admin/impersonation/audit').then((r) => r.body.entries);
    expect(audit).toMatchObject({
      admin: { email: admin.email },
      target: { email: worker.email },
      reason: 'Customer asked for help with the team page',
      status: 'active',
      endedAt: null,
      ip: expect.any(String),
    });

    const ended = await impersonate(viewer, { action: 'end', sessionId: started.body.sessionId });
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ success: true, isImpersonating: false });
    expect((await viewer.get<{ email: string }>('/api/me')).body.email).toBe(admin.email);
    const [afterEnd] = await admin.client.get<{ entries: ImpersonationAuditEntry[] }>('/api/admin/impersonation/audit').then((r) => r.body.entries);
    expect(afterEnd).toMatchObject({ status: 'ended', endedAt: expect.any(String) });
    expect((await impersonate(viewer, { action: 'end' })).status).toBe(400);
  });

  it('ends by itself after an hour: the session expires and the audit says so', async () => {
    const viewer = server.client();
    await viewer.post('/api/auth/sign-in/email', { email: admin.email, password: TEST_PASSWORD });
    const started = await impersonate(viewer, { action: 'start', targetUserId: userId(owner), reason: 'Billing question' });
    expect(started.status).toBe(200);
    const sessionId = started.body.sessionId ?? '';
    // The hour passes: the server's own times are moved back 61 minutes (nothing is written but the shift).
    const shift = sql`interval '61 minutes'`;
    await server.db
      .update(session)
      .set({ expiresAt: sql`${session.expiresAt} - ${shift}` })
      .where(eq(session.id, sessionId));
    await server.db
      .update(impersonationAudit)
      .set({ expiresAt: sql`${impersonationAudit.expiresAt} - ${shift}`, startedAt: sql`${impersonationAudit.startedAt} - ${shift}` })
      .where(eq(impersonationAudit.sessionId, sessionId));
    expect((await viewer.get('/api/me')).status).toBe(401);
    const entries = (await admin.client.get<{ entries: ImpersonationAuditEntry[] }>('/api/admin/impersonation/audit')).body.entries;
    const expiredAt = new Date(new Date(started.body.expiresAt ?? 0).getTime() - 61 * 60_000).toISOString();
    expect(entries.find((e) => e.target.email === owner.email)).toMatchObject({ status: 'expired', endedAt: expiredAt });
  });
});

describe('CSP violation reports', () => {
  const report = {
    documentURI: 'http://localhost/dashboard',
    referrer: '',
    blockedURI: 'inline',
    violatedDirective: 'script-src-elem',
    originalPolicy: "default-src 'self'",
    disposition: 'enforce',
    timestamp: 1234,
  };

  it('stores a report (204), refuses bad bodies with 400 and big ones with 413, never 500', async () => {
    const anonymous = server.client();
    const stored = await anonymous.post('/api/security/csp-violation', report);
    expect(stored.status).toBe(204);
    expect((await anonymous.post('/api/security/csp-violation', { documentURI: 'x' })).status).toBe(400);
    expect((await anonymous.request('POST', '/api/security/csp-violation', { body: '{not json' })).status).toBe(400);
    expect((await anonymous.post('/api/security/csp-violation', { ...report, violatedDirective: 'x'.repeat(10_000) })).status).toBe(400);
    const big = await anonymous.post('/api/security/csp-violation', { ...report, originalPolicy: 'x'.repeat(20_000) });
    expect(big.status).toBe(413);

    const list = await admin.client.get<{ reports: { violatedDirective: string; blockedUri: string }[] }>('/api/admin/csp-violations');
    expect(list.status).toBe(200);
    expect(list.body.reports).toHaveLength(1);
    expect(list.body.reports[0]).toMatchObject({ violatedDirective: 'script-src-elem', blockedUri: 'inline' });
    const refused = await owner.client.get('/api/admin/csp-violations');
    expect(refused.status).toBe(403);
    expect(refused.text).not.toContain('script-src-elem');
  });

  it('sends the policy and the other security headers on every page', async () => {
    const page = await server.client().get('/api/health');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    const frameSrc = /frame-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
    expect(frameSrc).toEqual(expect.arrayContaining(['https://www.youtube.com', 'https://www.youtube-nocookie.com', 'https://player.vimeo.com']));
    expect(frameSrc.every((source) => /^https:\/\/(www\.)?(youtube|youtube-nocookie)\.com$|^https:\/\/player\.vimeo\.com$/.test(source))).toBe(true);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(page.headers.get('strict-transport-security')).toBeNull();
    const viaHttps = await server.client().get('/api/health', { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(viaHttps.headers.get('strict-transport-security')).toContain('max-age=');
    // Hashed assets are never documents: nosniff, but no policy to repeat on every script.
    const asset = await server.client().get('/assets/missing.js');
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    expect(asset.headers.get('content-security-policy')).toBeNull();
  });
});
