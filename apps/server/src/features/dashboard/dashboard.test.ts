import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '@ridgeline/shared/contracts/dashboard';
import { DEFAULT_PIPELINE } from '@ridgeline/shared/domain/pipeline';
import { companies, projectActivity, projectStatuses, projectTasks } from '../../infra/db/schema/index';
import { insertProjectRow, signedInOwner, signedInUser } from '../../test/factories';
import { useTestServer } from '../../test/use-test-server';
import { overdueToday } from '@ridgeline/shared/domain/tasks';
import { createDashboardService } from './dashboard.service';

const server = useTestServer();
let ownerA: Awaited<ReturnType<typeof signedInOwner>>;
let memberA: Awaited<ReturnType<typeof signedInUser>>;
let ownerB: Awaited<ReturnType<typeof signedInOwner>>;

type NewTask = typeof projectTasks.$inferInsert;

async function statusesOf(companyId: string) {
  return server.db.select().from(projectStatuses).where(eq(projectStatuses.companyId, companyId)).orderBy(projectStatuses.position);
}

async function dashboardOf(user: { client: { get: <T>(path: string) => Promise<{ status: number; body: T; text: string }> } }): Promise<Dashboard> {
  const response = await user.client.get<Dashboard>('/api/dashboard');
  expect(response.status, response.text).toBe(200);
  return response.body;
}

beforeAll(async () => {
  ownerA = await signedInOwner(server, { name: 'Alpha Roofing' });
  memberA = await signedInUser(server, { company: ownerA.company, role: 'member', firstName: 'Mia', lastName: 'Member' });
  ownerB = await signedInOwner(server, { name: 'Bravo Siding', owner: { firstName: 'Bea', lastName: 'Bravo' } });
});

describe('overdue rule', () => {
  it('takes today in the last zone on earth, so a task is overdue only once its due day has ended everywhere', () => {
    expect(overdueToday(new Date('2026-03-10T11:59:00Z'))).toBe('2026-03-09');
    expect(overdueToday(new Date('2026-03-10T12:00:00Z'))).toBe('2026-03-10');
  });
});

describe('GET /api/dashboard', () => {
  it('starts empty for a new company: every status at zero, no tasks, projects or activity, the trial counting as Professional', async () => {
    const fresh = await signedInOwner(server);
    const dashboard = await dashboardOf(fresh);
    expect(dashboard.activeFiles).toEqual({ active: 0, limit: 25, plan: 'professional', planName: 'Professional', trialing: true });
    expect(dashboard.byStatus.map((s) => [s.name, s.count, s.isClosed])).toEqual(DEFAULT_PIPELINE.map((s) => [s.name, 0, s.isClosed]));
    expect(dashboard).toMatchObject({ myTasks: [], overdueCount: 0, recentProjects: [], recentActivity: [] });
  });

  it('counts active files against the plan, and projects by visible status with archived ones left out', async () => {
    const statuses = await statusesOf(ownerA.company.id);
    const [first, second] = statuses;
    const closed = statuses.find((s) => s.isClosed);
    if (!first || !second || !closed) throw new Error('default pipeline missing');
    await insertProjectRow(server.db, ownerA.company.id, { statusId: first.id });
    await insertProjectRow(server.db, ownerA.company.id, { statusId: first.id });
    await insertProjectRow(server.db, ownerA.company.id, { statusId: second.id });
    await insertProjectRow(server.db, ownerA.company.id, { statusId: closed.id, isActive: false, closedAt: new Date() });
    await insertProjectRow(server.db, ownerA.company.id, { statusId: first.id, isActive: false, archivedAt: new Date() });
    // B's projects never count for A.
    await insertProjectRow(server.db, ownerB.company.id);

    const dashboard = await dashboardOf(ownerA);
    expect(dashboard.activeFiles).toMatchObject({ active: 3, limit: 25, plan: 'professional', trialing: true });
    const counts = Object.fromEntries(dashboard.byStatus.map((s) => [s.statusId, s.count]));
    expect(counts[first.id]).toBe(2);
    expect(counts[second.id]).toBe(1);
    expect(counts[closed.id]).toBe(1);
    expect(dashboard.byStatus.reduce((sum, s) => sum + s.count, 0)).toBe(4);
    expect(dashboard.byStatus.map((s) => s.statusId)).toEqual(statuses.map((s) => s.id));

    // A hidden status is left off; after the trial the company's own plan sets the limit.
    await server.db.update(projectStatuses).set({ isHidden: true }).where(eq(projectStatuses.id, second.id));
    await server.db
      .update(companies)
      .set({ plan: 'starter', trialEndsAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(companies.id, ownerA.company.id));
    const later = await dashboardOf(memberA);
    expect(later.byStatus.map((s) => s.statusId)).not.toContain(second.id);
    expect(later.byStatus).toHaveLength(statuses.length - 1);
    expect(later.activeFiles).toEqual({ active: 3, limit: 10, plan: 'starter', planName: 'Starter', trialing: false });
    await server.db.update(projectStatuses).set({ isHidden: false }).where(eq(projectStatuses.id, second.id));
  });

  it("lists the caller's open tasks, overdue first, then by due date with undated last, at most 10, and counts every overdue one", async () => {
    const project = await insertProjectRow(server.db, ownerA.company.id, { title: 'Task House' });
    const mine = (title: string, dueDate: string | null, extra: Partial<NewTask> = {}): NewTask => ({
      companyId: ownerA.company.id,
      projectId: project.id,
      title,
      dueDate,
      assigneeId: ownerA.me.id,
      ...extra,
    });
    await server.db
      .insert(projectTasks)
      .values([
        mine('undated', null),
        mine('future late', '2099-06-01'),
        mine('future soon', '2099-01-01'),
        mine('overdue recent', '2021-05-01'),
        mine('overdue oldest', '2020-01-01'),
        mine('done overdue', '2019-01-01', { done: true, doneAt: new Date() }),
        mine('for the member', '2019-01-01', { assigneeId: memberA.me.id }),
        mine('unassigned', '2019-01-01', { assigneeId: null }),
      ]);
    const first = await dashboardOf(ownerA);
    expect(first.myTasks.map((t) => [t.title, t.overdue])).toEqual([
      ['overdue oldest', true],
      ['overdue recent', true],
      ['future soon', false],
      ['future late', false],
      ['undated', false],
    ]);
    expect(first.overdueCount).toBe(2);
    expect(first.myTasks[0]).toEqual({
      id: expect.any(String),
      projectId: project.id,
      projectTitle: 'Task House',
      title: 'overdue oldest',
      dueDate: '2020-01-01',
      assignee: { id: ownerA.me.id, name: 'Robin Slate' },
      done: false,
      overdue: true,
      createdAt: expect.any(String),
    });

    // Nine more overdue ones: ten are shown, every overdue one is counted.
    await server.db.insert(projectTasks).values(Array.from({ length: 9 }, (_, i) => mine(`late ${i}`, `2022-01-0${i + 1}`)));
    const full = await dashboardOf(ownerA);
    expect(full.myTasks).toHaveLength(10);
    expect(full.myTasks.every((t) => t.overdue)).toBe(true);
    expect(full.overdueCount).toBe(11);

    const member = await dashboardOf(memberA);
    expect(member.myTasks.map((t) => t.title)).toEqual(['for the member']);
    expect(member.overdueCount).toBe(1);
  });

  it('shows the 5 most recently changed projects and the 10 newest activity rows with actor and project title', async () => {
    const titles = Array.from({ length: 7 }, (_, i) => `Recent ${i}`);
    const rows = [];
    for (const [i, title] of titles.entries()) {
      rows.push(await insertProjectRow(server.db, ownerA.company.id, { title, updatedAt: new Date(Date.UTC(2030, 0, i + 1)), assigneeId: memberA.me.id }));
    }
    const dashboard = await dashboardOf(ownerA);
    expect(dashboard.recentProjects.map((p) => p.title)).toEqual(['Recent 6', 'Recent 5', 'Recent 4', 'Recent 3', 'Recent 2']);
    expect(dashboard.recentProjects[0]).toMatchObject({ assignee: { id: memberA.me.id, name: 'Mia Member' }, carrier: null, isActive: true });

    const project = rows[0];
    if (!project) throw new Error('no project');
    await server.db.insert(projectActivity).values(
      Array.from({ length: 12 }, (_, i) => ({
        companyId: ownerA.company.id,
        projectId: project.id,
        actorId: i % 2 === 0 ? ownerA.me.id : null,
        kind: i === 11 ? ('status_changed' as const) : ('note' as const),
        field: i === 11 ? 'status' : null,
        oldValue: i === 11 ? 'Lead' : null,
        newValue: i === 11 ? 'Inspected' : null,
        body: i === 11 ? null : `note ${i}`,
        createdAt: new Date(Date.UTC(2030, 1, 1, 0, i)),
      })),
    );
    const withActivity = await dashboardOf(memberA);
    expect(withActivity.recentActivity).toHaveLength(10);
    expect(withActivity.recentActivity[0]).toEqual({
      id: expect.any(String),
      projectId: project.id,
      projectTitle: 'Recent 0',
      kind: 'status_changed',
      actor: null,
      field: 'status',
      oldValue: 'Lead',
      newValue: 'Inspected',
      body: null,
      createdAt: '2030-02-01T00:11:00.000Z',
    });
    expect(withActivity.recentActivity[1]).toMatchObject({ kind: 'note', body: 'note 10', actor: { id: ownerA.me.id, name: 'Robin Slate' } });
    expect(withActivity.recentActivity.map((a) => a.body).at(-1)).toBe('note 2');
  });

  it("never shows another company's files, statuses, tasks or activity", async () => {
    // A task on A's project assigned to B's owner (never written by the API) still stays with A.
    const aProject = await insertProjectRow(server.db, ownerA.company.id, { title: 'Alpha Secret House' });
    await server.db
      .insert(projectTasks)
      .values({ companyId: ownerA.company.id, projectId: aProject.id, title: 'Alpha secret task', dueDate: '2020-01-01', assigneeId: ownerB.me.id });
    await server.db
      .insert(projectActivity)
      .values({ companyId: ownerA.company.id, projectId: aProject.id, actorId: ownerA.me.id, kind: 'note', body: 'Alpha secret note' });

    const response = await ownerB.client.get<Dashboard>('/api/dashboard');
    expect(response.status).toBe(200);
    for (const secret of ['Alpha', ownerA.company.id, aProject.id]) expect(response.text).not.toContain(secret);
    const dashboard = response.body;
    const bStatuses = await statusesOf(ownerB.company.id);
    expect(dashboard.byStatus.map((s) => s.statusId)).toEqual(bStatuses.map((s) => s.id));
    expect(dashboard.activeFiles.active).toBe(1);
    expect(dashboard.myTasks).toEqual([]);
    expect(dashboard.overdueCount).toBe(0);
    expect(dashboard.recentProjects).toHaveLength(1);
    expect(dashboard.recentActivity).toEqual([]);
    // Reading changes nothing of A's.
    const aTasks = await server.db
      .select()
      .from(projectTasks)
      .where(and(eq(projectTasks.companyId, ownerA.company.id), eq(projectTasks.assigneeId, ownerB.me.id)));
    expect(aTasks).toHaveLength(1);
  });

  it('answers 401 without a session and 403 NO_COMPANY to a user without a company', async () => {
    const anonymous = await server.client().get('/api/dashboard');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
    const loner = await signedInUser(server);
    const refused = await loner.client.get('/api/dashboard');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: 'NO_COMPANY', requestId: expect.any(String) } });
  });

  it('takes the overdue day from its clock', async () => {
    const service = createDashboardService({ db: server.db, now: () => new Date('2099-01-02T12:00:00Z') });
    const tenant = { companyId: ownerA.company.id, role: 'owner' as const };
    const actor = { userId: ownerA.me.id, email: ownerA.email, role: 'contractor' as const, sessionId: 's', impersonatedBy: null };
    const dashboard = await service.forUser(actor, tenant);
    // 'future soon' (due 2099-01-01) is overdue on 2099-01-02 everywhere on earth; 'future late' is not.
    expect(dashboard.overdueCount).toBe(12);
    expect(dashboard.myTasks.every((t) => t.overdue)).toBe(true);
    const dayBefore = await createDashboardService({ db: server.db, now: () => new Date('2099-01-02T11:59:00Z') }).forUser(actor, tenant);
    expect(dayBefore.overdueCount).toBe(11);
  });
});
