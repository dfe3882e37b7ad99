import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../infra/db/schema/index';
import { TEST_PASSWORD, type SignedUpUser } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';

const server = useTestServer();
let admin: SignedUpUser;
let contractor: SignedUpUser;

const setMaintenance = (who: SignedUpUser, enabled: boolean) => who.client.put('/api/admin/maintenance', JSON.stringify({ enabled }));

beforeAll(async () => {
  admin = await server.signUpVerified();
  contractor = await server.signUpVerified();
  await server.db.update(user).set({ role: 'admin' }).where(eq(user.email, admin.email));
});
afterAll(async () => {
  await setMaintenance(admin, false);
});

describe('maintenance mode', () => {
  it('is off by default and readable without a session', async () => {
    const response = await server.client().get('/api/settings/maintenance');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ enabled: false });
  });

  it('can only be switched by a platform admin (a company owner is not one)', async () => {
    const refused = await setMaintenance(contractor, true);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: 'FORBIDDEN' } });
    expect((await server.client().get('/api/settings/maintenance')).body).toEqual({ enabled: false });
    expect((await admin.client.put('/api/admin/maintenance', '{"enabled":"yes"}')).status).toBe(400);
  });

  it('answers 503 to non-admins while on, keeps sign-in and the flag open, and lets admins work', async () => {
    expect((await setMaintenance(admin, true)).body).toEqual({ enabled: true });
    // The flag is cached for up to a second per instance: wait for the gate to follow, no fixed sleep.
    await expect.poll(async () => (await contractor.client.get('/api/me')).status, { timeout: 3000, interval: 50 }).toBe(503);

    const blocked = await contractor.client.get('/api/me');
    expect(blocked.status).toBe(503);
    expect(blocked.body).toMatchObject({ error: { code: 'MAINTENANCE', requestId: expect.any(String) } });
    expect((await contractor.client.get('/api/team')).status).toBe(503);

    expect((await server.client().get('/api/health')).status).toBe(200);
    expect((await server.client().get('/api/settings/maintenance')).body).toEqual({ enabled: true });
    expect((await contractor.client.get('/api/auth/get-session')).status).toBe(200);
    const signIn = await server.client().post('/api/auth/sign-in/email', { email: admin.email, password: TEST_PASSWORD });
    expect(signIn.status).toBe(200);

    expect((await admin.client.get('/api/me')).status).toBe(200);
    expect((await admin.client.get('/api/team')).status).toBe(200);

    expect((await setMaintenance(admin, false)).body).toEqual({ enabled: false });
    await expect.poll(async () => (await contractor.client.get('/api/me')).status, { timeout: 3000, interval: 50 }).toBe(200);
    expect((await contractor.client.get('/api/me')).status).toBe(200);
  });
});
