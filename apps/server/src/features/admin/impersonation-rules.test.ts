import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImpersonationResponse } from '@ridgeline/shared/contracts/admin';
import type { Me } from '@ridgeline/shared/contracts/team';
import { impersonationAudit, session, user } from '../../infra/db/schema/index';
import type { TestClient } from '../../test/test-client';
import { TEST_PASSWORD, type SignedUpUser } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';

// The rules around impersonation, each checked by reading back what the server stored: who may not
// be impersonated (platform admins, disabled accounts), that the one-hour end is the server's own
// reckoning, and that an admin viewing as someone cannot end that person's sessions.

const HOUR_MS = 60 * 60 * 1000;

const server = useTestServer();
let admin: SignedUpUser;

beforeAll(async () => {
  admin = await server.signUpVerified({ companyName: 'Ridgeline Support' });
  await makeAdmin(admin);
});

async function makeAdmin(who: SignedUpUser): Promise<void> {
  await server.db.update(user).set({ role: 'admin' }).where(eq(user.id, who.me.id));
}

/** A fresh sign-in of the admin, so each test impersonates from its own browser. */
async function adminViewer(): Promise<TestClient> {
  const viewer = server.client();
  const signIn = await viewer.post('/api/auth/sign-in/email', { email: admin.email, password: TEST_PASSWORD });
  if (signIn.status !== 200) throw new Error(`admin sign-in answered ${signIn.status}`);
  return viewer;
}

const impersonate = (client: TestClient, body: unknown) => client.post<ImpersonationResponse>('/api/functions/admin-impersonation', body);

async function auditRowsFor(targetId: string) {
  return server.db.select().from(impersonationAudit).where(eq(impersonationAudit.targetUserId, targetId));
}

async function impersonationSessionsOf(targetId: string) {
  return server.db
    .select({ id: session.id })
    .from(session)
    .where(and(eq(session.userId, targetId), isNotNull(session.impersonatedBy)));
}

describe('who cannot be impersonated', () => {
  it('refuses a platform admin as the target: 403, no session, no audit row, the viewer stays themself', async () => {
    const otherAdmin = await server.signUpVerified({ companyName: 'Ridgeline Ops' });
    await makeAdmin(otherAdmin);
    const viewer = await adminViewer();

    const refused = await impersonate(viewer, { action: 'start', targetUserId: otherAdmin.me.id, reason: 'Checking their settings' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: 'FORBIDDEN', requestId: expect.any(String) } });
    expect(refused.headers.getSetCookie()).toEqual([]);

    expect(await auditRowsFor(otherAdmin.me.id)).toEqual([]);
    expect(await impersonationSessionsOf(otherAdmin.me.id)).toEqual([]);
    expect((await viewer.get<Me>('/api/me')).body.email).toBe(admin.email);
    expect((await impersonate(viewer, { action: 'status' })).body).toMatchObject({ isImpersonating: false, impersonatedUser: null });
  });

  it('refuses a disabled account as the target: 400 IMPERSONATION_TARGET_DISABLED, nothing created', async () => {
    const target = await server.signUpVerified({ companyName: 'Dormant Gutters' });
    const disabled = await admin.client.patch(`/api/admin/users/${target.me.id}`, { isEnabled: false });
    expect(disabled.status).toBe(200);
    const viewer = await adminViewer();

    const refused = await impersonate(viewer, { action: 'start', targetUserId: target.me.id, reason: 'Why was this disabled?' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { code: 'IMPERSONATION_TARGET_DISABLED' } });

    expect(await auditRowsFor(target.me.id)).toEqual([]);
    expect(await impersonationSessionsOf(target.me.id)).toEqual([]);
    expect((await viewer.get<Me>('/api/me')).body.email).toBe(admin.email);

    // Enabled again, the same request works: the refusal was about the disabled account only.
    await admin.client.patch(`/api/admin/users/${target.me.id}`, { isEnabled: true });
    const started = await impersonate(viewer, { action: 'start', targetUserId: target.me.id, reason: 'Why was this disabled?' });
    expect(started.status).toBe(200);
    expect(await auditRowsFor(target.me.id)).toHaveLength(1);
    await impersonate(viewer, { action: 'end', sessionId: started.body.sessionId });
  });
});

describe('the one-hour limit', () => {
  it('is computed by the server: the stored end is the stored start plus one hour, and the answer says the same', async () => {
    const target = await server.signUpVerified({ companyName: 'Hourglass Roofing' });
    const viewer = await adminViewer();

    const before = Date.now();
    const started = await impersonate(viewer, { action: 'start', targetUserId: target.me.id, reason: 'Walkthrough of the team page' });
    const after = Date.now();
    expect(started.status).toBe(200);

    const [audit] = await auditRowsFor(target.me.id);
    if (!audit) throw new Error('no audit row was written');
    const [stored] = await server.db.select({ expiresAt: session.expiresAt }).from(session).where(eq(session.id, audit.sessionId));
    if (!stored) throw new Error('no impersonation session was stored');

    // The audit row's start is the database's clock, its end the server's: allow for the request's duration.
    expect(audit.expiresAt.getTime() - audit.startedAt.getTime()).toBeGreaterThan(HOUR_MS - 5_000);
    expect(audit.expiresAt.getTime() - audit.startedAt.getTime()).toBeLessThan(HOUR_MS + 5_000);
    expect(audit.expiresAt.getTime()).toBeGreaterThanOrEqual(before + HOUR_MS - 1_000);
    expect(audit.expiresAt.getTime()).toBeLessThanOrEqual(after + HOUR_MS + 1_000);
    expect(audit.expiresAt.getTime()).toBe(stored.expiresAt.getTime());
    expect(started.body.expiresAt).toBe(audit.expiresAt.toISOString());
    expect(started.body.sessionId).toBe(audit.sessionId);

    const status = await impersonate(viewer, { action: 'status' });
    expect(status.body.expiresAt).toBe(audit.expiresAt.toISOString());
    await impersonate(viewer, { action: 'end', sessionId: started.body.sessionId });
  });
});

describe('sessions while impersonating', () => {
  it("refuses to revoke the target's sessions (403 IMPERSONATION_RESTRICTED) and they stay alive", async () => {
    const target = await server.signUpVerified({ companyName: 'Keepalive Siding' });
    const viewer = await adminViewer();
    const started = await impersonate(viewer, { action: 'start', targetUserId: target.me.id, reason: 'Session question' });
    expect(started.status).toBe(200);

    const [own] = await server.db
      .select({ id: session.id, token: session.token })
      .from(session)
      .where(and(eq(session.userId, target.me.id), isNull(session.impersonatedBy)));
    if (!own) throw new Error("the target's own session is missing");

    for (const [path, body] of [
      ['/api/auth/revoke-session', { token: own.token }],
      ['/api/auth/revoke-sessions', {}],
      ['/api/auth/revoke-other-sessions', {}],
    ] as const) {
      const refused = await viewer.post(path, body);
      expect(refused.status, path).toBe(403);
      expect(refused.body, path).toMatchObject({ error: { code: 'IMPERSONATION_RESTRICTED' } });
    }

    // Read back: the target's own session row is still there and still signs them in,
    // and the impersonation itself was not ended either.
    const rows = await server.db.select({ id: session.id }).from(session).where(eq(session.id, own.id));
    expect(rows).toHaveLength(1);
    expect((await target.client.get<Me>('/api/me')).body.email).toBe(target.email);
    expect((await viewer.get<Me>('/api/me')).body.email).toBe(target.email);
    await impersonate(viewer, { action: 'end', sessionId: started.body.sessionId });
  });
});
