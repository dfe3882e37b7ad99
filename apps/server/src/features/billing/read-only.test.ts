import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChoosePlanResult } from '@ridgeline/shared/contracts/billing';
import { readOnlyMessage } from '@ridgeline/shared/domain/billing';
import { isOpenWhenReadOnly } from '../../http/middleware/billing-gate';
import { companies, projects, user } from '../../infra/db/schema/index';
import { appRoutes } from '../../test/app-routes';
import { insertProjectRow, signedInOwner, signedInUser, TEST_PASSWORD } from '../../test/factories';
import type { TestResponse } from '../../test/test-client';
import { useTestServer } from '../../test/use-test-server';

// A company whose trial ended without a plan is read-only: every write answers 402 with the reason
// and the way to /pricing, everything stays readable and exportable, nothing is written, and
// choosing a plan opens the very next write.

// Enough writes for every route of the app from one address within the minute.
const server = useTestServer({ API_WRITE_LIMIT: '100000' });
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let owner: Awaited<ReturnType<typeof signedInOwner>>;
let member: Awaited<ReturnType<typeof signedInUser>>;
let projectId: string;

/** Row counts of every table except the ones a refused request may touch (write counter, mail queue, sessions). */
async function tableCounts(): Promise<Record<string, number>> {
  const tables = await server.db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
        and table_name not in ('rate_limits', 'mail_outbox', 'session', '__drizzle_migrations') order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const result = await server.db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(name)}`);
    counts[name] = result.rows[0]?.n ?? 0;
  }
  return counts;
}

/** A route's path with every parameter filled by a uuid (and a wildcard by a name). */
const fill = (path: string) => path.replace(/:[A-Za-z_]+(\{[^}]*\})?/g, () => randomUUID()).replace(/\*/g, 'any');

function expectReadOnly(response: TestResponse, what: string) {
  expect(response.status, `${what}: ${response.text}`).toBe(402);
  expect(response.body, what).toMatchObject({ error: { code: 'BILLING_READ_ONLY', message: readOnlyMessage('trial_ended'), requestId: expect.any(String) } });
}

beforeAll(async () => {
  owner = await signedInOwner(server, { name: 'Ended Trial Roofing' });
  member = await signedInUser(server, { company: owner.company, role: 'member' });
  projectId = (await insertProjectRow(server.db, owner.company.id, { title: 'Smith roof' })).id;
  await server.db
    .update(companies)
    .set({ trialEndsAt: new Date(Date.now() - 60_000) })
    .where(eq(companies.id, owner.company.id));
});

describe('a company whose trial has ended', () => {
  it('answers 402 BILLING_READ_ONLY with the reason on every write route of the app, and writes nothing', async () => {
    const seen = new Set<string>();
    const writes = appRoutes(server.deps).filter((route) => {
      const key = `${route.method} ${route.path}`;
      if (!WRITES.has(route.method) || !route.path.startsWith('/api/') || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    const closed = writes.filter((route) => !isOpenWhenReadOnly(fill(route.path)));
    // The walk covers the whole app: projects, photos, estimates, documents, chat, the team, settings.
    expect(closed.length).toBeGreaterThan(60);
    for (const path of ['/api/projects', '/api/projects/:id', '/api/carriers', '/api/company', '/api/team/invitations', '/api/projects/:id/ledger/entries']) {
      expect(closed.some((route) => route.path === path)).toBe(true);
    }

    const before = await tableCounts();
    const [projectBefore] = await server.db.select().from(projects).where(eq(projects.id, projectId));
    for (const route of closed) {
      for (const person of [owner, member]) {
        const response = await person.client.request(route.method, fill(route.path), { json: {} });
        expectReadOnly(response, `${route.method} ${route.path}`);
      }
    }
    expect(await tableCounts()).toEqual(before);
    expect((await server.db.select().from(projects).where(eq(projects.id, projectId)))[0]).toEqual(projectBefore);
  });

  it('keeps reads and exports working: the project list, a project, the dashboard, the CSV export, the billing overview', async () => {
    const list = await owner.client.get<{ projects: { title: string }[] }>('/api/projects');
    expect(list.status, list.text).toBe(200);
    expect(list.body.projects.map((project) => project.title)).toEqual(['Smith roof']);
    expect((await owner.client.get(`/api/projects/${projectId}`)).status).toBe(200);
    expect((await member.client.get('/api/dashboard')).status).toBe(200);
    expect((await owner.client.get(`/api/projects/${projectId}/files`)).status).toBe(200);
    expect((await member.client.get(`/api/projects/${projectId}/ledger`)).status).toBe(200);
    expect((await member.client.get('/api/analytics')).status).toBe(200);
    const csv = await owner.client.get('/api/projects/export.csv');
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('"Smith roof"');
    expect((await owner.client.get('/api/billing')).body).toMatchObject({ readOnly: true, readOnlyReason: 'trial_ended' });
  });

  it('leaves open what is not a change of company data: reading, the own account, signing out, the way to pay', async () => {
    const open = [
      '/api/billing/plan',
      '/api/credits/purchase',
      '/api/auth/sign-out',
      '/api/me',
      '/api/me/avatar',
      '/api/push/subscriptions',
      '/api/notifications/read-all',
      `/api/notifications/${randomUUID()}/read`,
      `/api/chat/conversations/${randomUUID()}/read`,
      '/api/admin/users',
      '/api/functions/admin-impersonation',
      '/api/public/share/x/sign',
      '/api/rpc/user_exists_by_email',
    ];
    for (const path of open) expect(isOpenWhenReadOnly(path), path).toBe(true);
    for (const path of [
      '/api/projects',
      '/api/carriers',
      `/api/projects/${projectId}/service-orders`,
      '/api/chat/conversations',
      '/api/company',
      '/api/billingx',
    ])
      expect(isOpenWhenReadOnly(path), path).toBe(false);

    // Marking the inbox read is reading; editing one's own name is the own account.
    expect((await member.client.post('/api/notifications/read-all', {})).status).toBe(200);
    const unknownConversation = await member.client.post(`/api/chat/conversations/${randomUUID()}/read`, {});
    expect(unknownConversation.status).not.toBe(402);
    const renamed = await member.client.patch('/api/me', { firstName: 'Renamed' });
    expect(renamed.status, renamed.text).toBe(200);
    // Reads with a session are never refused, whatever the method of the page.
    expect((await member.client.get('/api/carriers')).status).toBe(200);
  });

  it('lets a platform admin viewing as one of its users end the impersonation', async () => {
    const admin = await signedInOwner(server, { name: 'Ridgeline Support' });
    await server.db.update(user).set({ role: 'admin' }).where(eq(user.email, admin.email));
    const viewer = server.client();
    expect((await viewer.post('/api/auth/sign-in/email', { email: admin.email, password: TEST_PASSWORD })).status).toBe(200);
    const started = await viewer.post('/api/functions/admin-impersonation', {
      action: 'start',
      targetUserId: member.user.id,
      reason: 'Help after the trial ended',
    });
    expect(started.status, started.text).toBe(200);
    expectReadOnly(await viewer.post('/api/carriers', { name: 'As the member' }), 'a carrier while viewing as the member');
    const ended = await viewer.post('/api/functions/admin-impersonation', { action: 'end' });
    expect(ended.status, ended.text).toBe(200);
    expect((await viewer.get<{ email: string }>('/api/me')).body.email).toBe(admin.email);
  });

  it('does not touch another company, whose writes go on', async () => {
    const other = await signedInOwner(server);
    expect((await other.client.post('/api/carriers', { name: 'Elsewhere Mutual' })).status).toBe(201);
  });

  it('lifts read-only at once when the owner chooses a plan: the very next write goes through', async () => {
    expectReadOnly(await member.client.post('/api/carriers', { name: 'Before the plan' }), 'a carrier before the plan');
    const chosen = await owner.client.post<ChoosePlanResult>('/api/billing/plan', { plan: 'starter' });
    expect(chosen.status, chosen.text).toBe(200);
    expect(chosen.body).toMatchObject({ outcome: 'applied', billing: { readOnly: false, status: 'active', plan: 'starter' } });
    const created = await member.client.post('/api/carriers', { name: 'After the plan' });
    expect(created.status, created.text).toBe(201);
  });
});
