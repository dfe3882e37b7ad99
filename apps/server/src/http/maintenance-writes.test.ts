import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company, Invitation, Me, TeamResponse } from '@ridgeline/shared/contracts/team';
import { user } from '../infra/db/schema/index';
import { tinyPng } from '../test/images';
import type { TestResponse } from '../test/test-client';
import { startTestServer, uniqueEmail, type SignedUpUser, type TestServer } from '../test/test-server';

// While maintenance mode is on, a non-admin's writes of every method are refused with 503 and
// change nothing, an admin's go through; the flag is switched straight in the database (as another
// instance would) and every instance follows within about a second.

const FOLLOW_MS = 1000;
// Slack over the one-second re-read for a loaded test machine; a much longer cache still fails.
const SLACK_MS = 750;

let server: TestServer;
let admin: SignedUpUser;
let contractor: SignedUpUser;
let invitation: Invitation;

async function setFlagInSql(enabled: boolean): Promise<void> {
  const value = JSON.stringify({ enabled });
  await server.db.execute(sql`insert into app_settings (key, value) values ('maintenance_mode', ${value}::jsonb)
    on conflict (key) do update set value = excluded.value, updated_at = now()`);
}

/** Flips the flag in SQL and polls until the contractor's read answers `status`; returns the time it took. */
async function flipAndWait(enabled: boolean): Promise<number> {
  const status = enabled ? 503 : 200;
  const started = Date.now();
  await setFlagInSql(enabled);
  await expect
    .poll(async () => (await contractor.client.get('/api/me')).status, { timeout: FOLLOW_MS + SLACK_MS, interval: 50 })
    .toBe(status);
  return Date.now() - started;
}

function expectMaintenance(response: TestResponse, label: string) {
  expect(response.status, `${label}: ${response.text.slice(0, 200)}`).toBe(503);
  expect(response.body, label).toMatchObject({ error: { code: 'MAINTENANCE', requestId: expect.any(String) } });
  expect(response.headers.get('retry-after'), label).toBe('1800');
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUpVerified({ companyName: 'Ridgeline Support' });
  contractor = await server.signUpVerified({ companyName: 'Quiet Hours Roofing' });
  await server.db.update(user).set({ role: 'admin' }).where(eq(user.id, admin.me.id));
  invitation = (await contractor.client.post<Invitation>('/api/team/invitations', { email: uniqueEmail('pending'), role: 'member' })).body;
});
afterAll(async () => {
  await setFlagInSql(false);
  await server.stop();
});

describe('maintenance mode and writes', () => {
  it('follows a flag switched in the database within about a second, both ways', async () => {
    expect(await flipAndWait(true)).toBeLessThanOrEqual(FOLLOW_MS + SLACK_MS);
    expect(await flipAndWait(false)).toBeLessThanOrEqual(FOLLOW_MS + SLACK_MS);
  });

  it("refuses a non-admin's POST, PUT, PATCH and DELETE with 503 and changes nothing", async () => {
    const meBefore = (await contractor.client.get<Me>('/api/me')).body;
    const companyBefore = (await contractor.client.get<Company>('/api/company')).body;
    const teamBefore = (await contractor.client.get<TeamResponse>('/api/team')).body;
    const countsBefore = await server.counts();
    await flipAndWait(true);

    const c = contractor.client;
    expectMaintenance(await c.post('/api/team/invitations', { email: uniqueEmail('blocked'), role: 'member' }), 'POST invitation');
    expectMaintenance(await c.put('/api/company/logo', tinyPng(), { headers: { 'Content-Type': 'image/png' } }), 'PUT logo');
    expectMaintenance(await c.put('/api/me/avatar', tinyPng(), { headers: { 'Content-Type': 'image/png' } }), 'PUT avatar');
    expectMaintenance(await c.patch('/api/me', { firstName: 'Changed' }), 'PATCH me');
    expectMaintenance(await c.patch('/api/company', { name: 'Changed in maintenance' }), 'PATCH company');
    expectMaintenance(await c.delete(`/api/team/invitations/${invitation.id}`), 'DELETE invitation');
    expectMaintenance(await server.client().post('/api/auth/sign-up/email', { email: uniqueEmail() }), 'anonymous POST sign-up');

    // Read back once maintenance is over: nothing of the refused writes was stored.
    await flipAndWait(false);
    expect((await c.get<Me>('/api/me')).body).toEqual(meBefore);
    expect((await c.get<Company>('/api/company')).body).toEqual(companyBefore);
    expect((await c.get<TeamResponse>('/api/team')).body).toEqual(teamBefore);
    expect(await server.counts()).toEqual(countsBefore);
  });

  it("lets a platform admin's writes through while it is on", async () => {
    await flipAndWait(true);
    const patched = await admin.client.patch<Me>('/api/me', { firstName: 'Maintainer' });
    expect(patched.status).toBe(200);
    const invited = await admin.client.post<Invitation>('/api/team/invitations', { email: uniqueEmail('ops'), role: 'member' });
    expect(invited.status).toBe(201);
    expect((await admin.client.delete(`/api/team/invitations/${invited.body.id}`)).status).toBe(204);
    expect((await admin.client.get<Me>('/api/me')).body.firstName).toBe('Maintainer');
    // ...while the contractor is still refused.
    expectMaintenance(await contractor.client.patch('/api/me', { firstName: 'Sneaky' }), 'PATCH me');
    await flipAndWait(false);
    expect((await contractor.client.get<Me>('/api/me')).body.firstName).not.toBe('Sneaky');
  });
});
