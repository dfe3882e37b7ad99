import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company, Invitation, Me, TeamResponse } from '@ridgeline/shared/contracts/team';
import { loadConfig } from '../config';
import { user } from '../infra/db/schema/index';
import { startServer } from '../server';
import { tinyPng } from '../test/images';
import { freePort } from '../test/processes';
import type { TestResponse } from '../test/test-client';
import { TEST_SECRET, uniqueEmail, type SignedUpUser } from '../test/test-server';
import { useTestServer } from '../test/use-test-server';

// While maintenance mode is on, a non-admin's writes of every method are refused with 503 and
// change nothing, an admin's go through. The flag is switched straight in the database, and through
// one instance while a second instance on the same database is watched: each follows within about
// a second.

const FOLLOW_MS = 1000;
// Slack over the one-second re-read for a loaded test machine; a much longer cache still fails.
const SLACK_MS = 750;

const server = useTestServer();
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
  await expect.poll(async () => (await contractor.client.get('/api/me')).status, { timeout: FOLLOW_MS + SLACK_MS, interval: 50 }).toBe(status);
  return Date.now() - started;
}

function expectMaintenance(response: TestResponse, label: string) {
  expect(response.status, `${label}: ${response.text.slice(0, 200)}`).toBe(503);
  expect(response.body, label).toMatchObject({ error: { code: 'MAINTENANCE', requestId: expect.any(String) } });
  expect(response.headers.get('retry-after'), label).toBe('1800');
}

beforeAll(async () => {
  admin = await server.signUpVerified({ companyName: 'Ridgeline Support' });
  contractor = await server.signUpVerified({ companyName: 'Quiet Hours Roofing' });
  await server.db.update(user).set({ role: 'admin' }).where(eq(user.id, admin.me.id));
  invitation = (await contractor.client.post<Invitation>('/api/team/invitations', { email: uniqueEmail('pending'), role: 'member' })).body;
});
afterAll(async () => {
  await setFlagInSql(false);
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

describe('two instances on one database', () => {
  it("follows an admin's switch made on the other instance within about a second", async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const dataDir = await mkdtemp(join(tmpdir(), 'ridgeline-second-'));
    const second = await startServer(
      loadConfig({
        DATABASE_URL: server.deps.config.databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        SERVE_WEB: 'false',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        NODE_ENV: 'test',
        BETTER_AUTH_SECRET: TEST_SECRET,
      }),
    );
    // The contractor's session (a database row) is valid on the second instance too.
    const onSecond = (method: string, path: string, body?: unknown) =>
      fetch(`${url}${path}`, {
        method,
        headers: { Cookie: contractor.client.cookieHeader(), Origin: url, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const waitOnSecond = async (status: number) => {
      const started = Date.now();
      await expect.poll(async () => (await onSecond('GET', '/api/me')).status, { timeout: FOLLOW_MS + SLACK_MS, interval: 50 }).toBe(status);
      return Date.now() - started;
    };
    try {
      expect((await onSecond('GET', '/api/me')).status).toBe(200);
      // Switched through the first instance's API, as an admin would.
      expect((await admin.client.put('/api/admin/maintenance', JSON.stringify({ enabled: true }))).status).toBe(200);
      expect(await waitOnSecond(503)).toBeLessThanOrEqual(FOLLOW_MS + SLACK_MS);
      expect((await onSecond('PATCH', '/api/me', { firstName: 'Elsewhere' })).status).toBe(503);

      expect((await admin.client.put('/api/admin/maintenance', JSON.stringify({ enabled: false }))).status).toBe(200);
      expect(await waitOnSecond(200)).toBeLessThanOrEqual(FOLLOW_MS + SLACK_MS);
      expect(((await (await onSecond('GET', '/api/me')).json()) as Me).firstName).not.toBe('Elsewhere');
    } finally {
      await setFlagInSql(false);
      await second.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
