import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ActiveFiles, Project, ProjectStatus, ProjectStatusList } from '@ridgeline/shared/contracts/projects';
import { insertProjectRow, signedInOwner, type TestCompany } from '../../test/factories';
import type { TestResponse } from '../../test/test-client';
import type { SignedUpUser } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';

// Billing by active files: creating, reopening or un-archiving beyond the plan's limit is refused
// with 409 ACTIVE_FILE_LIMIT, a message naming the plan and its limit, and nothing written.

const server = useTestServer();

const STARTER_MESSAGE = 'Your Starter plan allows up to 10 active files. Close or archive a claim file, or upgrade your plan on /pricing.';

type Owner = SignedUpUser & { company: TestCompany };

/** A company on the Starter plan, its trial over, with `active` active projects. */
async function starterCompany(active: number): Promise<{ owner: Owner; statuses: ProjectStatus[] }> {
  const owner = await signedInOwner(server);
  await server.db.execute(sql`update companies set plan = 'starter', trial_ends_at = null where id = ${owner.company.id}`);
  for (let i = 0; i < active; i++) await insertProjectRow(server.db, owner.company.id);
  const statuses = (await owner.client.get<ProjectStatusList>('/api/project-statuses')).body.statuses;
  return { owner, statuses };
}

async function rowCounts(companyId: string) {
  const result = await server.db.execute<{ projects: number; active: number; activity: number }>(sql`select
    (select count(*)::int from projects where company_id = ${companyId}) as projects,
    (select count(*)::int from projects where company_id = ${companyId} and is_active) as active,
    (select count(*)::int from project_activity where company_id = ${companyId}) as activity`);
  return result.rows[0];
}

function statusOf(statuses: ProjectStatus[], key: string): string {
  const found = statuses.find((status) => status.key === key);
  if (!found) throw new Error(`no status ${key}`);
  return found.id;
}

function expectLimit(response: TestResponse) {
  expect(response.status, response.text).toBe(409);
  expect(response.body).toMatchObject({ error: { code: 'ACTIVE_FILE_LIMIT', message: STARTER_MESSAGE } });
}

const newProject = { title: 'Roof claim', homeownerName: 'Dana Shingle', street: '12 Ridge Rd' };

describe('the active-file limit', () => {
  it('lets exactly one of five racing creations take the last slot', async () => {
    const { owner } = await starterCompany(9);
    const responses = await Promise.all(Array.from({ length: 5 }, (_, i) => owner.client.post('/api/projects', { ...newProject, title: `Racer ${i}` })));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    for (const response of responses.filter((r) => r.status === 409)) expectLimit(response);
    expect(await rowCounts(owner.company.id)).toEqual({ projects: 10, active: 10, activity: 1 });
    expect((await owner.client.get<ActiveFiles>('/api/projects/active-files')).body).toEqual({
      active: 10,
      limit: 10,
      plan: 'starter',
      planName: 'Starter',
      trialing: false,
    });
  });

  it('refuses a creation at the limit, but not one into a closed status', async () => {
    const { owner, statuses } = await starterCompany(10);
    const before = await rowCounts(owner.company.id);
    expectLimit(await owner.client.post('/api/projects', newProject));
    expectLimit(await owner.client.post('/api/projects', { ...newProject, statusId: statusOf(statuses, 'paid') }));
    expect(await rowCounts(owner.company.id)).toEqual(before);

    const closed = await owner.client.post<Project>('/api/projects', { ...newProject, statusId: statusOf(statuses, 'closed') });
    expect(closed.status).toBe(201);
    expect(closed.body.isActive).toBe(false);
    expect(await rowCounts(owner.company.id)).toMatchObject({ active: 10, projects: 11 });
  });

  it('frees a slot on closing and takes it back on reopening, refusing the reopening at the limit', async () => {
    const { owner, statuses } = await starterCompany(9);
    const project = (await owner.client.post<Project>('/api/projects', newProject)).body;
    const closed = await owner.client.post<Project>(`/api/projects/${project.id}/status`, { statusId: statusOf(statuses, 'closed') });
    expect(closed.body.isActive).toBe(false);
    expect((await owner.client.get<ActiveFiles>('/api/projects/active-files')).body.active).toBe(9);

    // Another file takes the freed slot: reopening the closed one is refused, nothing written.
    expect((await owner.client.post('/api/projects', newProject)).status).toBe(201);
    const before = await rowCounts(owner.company.id);
    expectLimit(await owner.client.post(`/api/projects/${project.id}/status`, { statusId: statusOf(statuses, 'approved') }));
    expect(await rowCounts(owner.company.id)).toEqual(before);
    expect((await owner.client.get<Project>(`/api/projects/${project.id}`)).body).toEqual(closed.body);

    // Moving between open statuses, or between closed ones, needs no free slot.
    const [open] = (await owner.client.get<{ projects: Project[] }>('/api/projects?state=active')).body.projects;
    expect((await owner.client.post(`/api/projects/${open?.id}/status`, { statusId: statusOf(statuses, 'approved') })).status).toBe(200);
  });

  it('refuses un-archiving into an open status at the limit; archiving frees the slot', async () => {
    const { owner } = await starterCompany(9);
    const project = (await owner.client.post<Project>('/api/projects', newProject)).body;
    const archived = await owner.client.post<Project>(`/api/projects/${project.id}/archive`);
    expect(archived.body.isActive).toBe(false);
    expect((await owner.client.post('/api/projects', newProject)).status).toBe(201);

    const before = await rowCounts(owner.company.id);
    expectLimit(await owner.client.post(`/api/projects/${project.id}/unarchive`));
    expect(await rowCounts(owner.company.id)).toEqual(before);
    expect((await owner.client.get<Project>(`/api/projects/${project.id}`)).body).toEqual(archived.body);
  });

  it('un-archives a project in a closed status at the limit: it takes no slot', async () => {
    const { owner, statuses } = await starterCompany(10);
    const closed = (await owner.client.post<Project>('/api/projects', { ...newProject, statusId: statusOf(statuses, 'closed') })).body;
    await owner.client.post(`/api/projects/${closed.id}/archive`);
    const back = await owner.client.post<Project>(`/api/projects/${closed.id}/unarchive`);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ archivedAt: null, isActive: false });
  });

  it('counts a trialing company as Professional (25)', async () => {
    const owner = await signedInOwner(server);
    for (let i = 0; i < 24; i++) await insertProjectRow(server.db, owner.company.id);
    expect((await owner.client.post('/api/projects', newProject)).status).toBe(201);
    const refused = await owner.client.post('/api/projects', newProject);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error: { code: 'ACTIVE_FILE_LIMIT', message: expect.stringContaining('Professional plan allows up to 25 active files') },
    });
  });
});
