import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Project, ProjectStatus, ProjectStatusList } from '@ridgeline/shared/contracts/projects';
import { DEFAULT_PIPELINE } from '@ridgeline/shared/domain/pipeline';
import { insertProjectRow, signedInOwner, signedInUser, type TestCompany } from '../../test/factories';
import type { TestClient, TestResponse } from '../../test/test-client';
import { uniqueEmail, type SignedUpUser } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';
import { statusKeyOf } from './project-statuses.service';

// The company's pipeline: everyone reads it; owners and managers change it.

const server = useTestServer();
type Owner = SignedUpUser & { company: TestCompany };

async function statusesOf(client: TestClient): Promise<ProjectStatus[]> {
  const response = await client.get<ProjectStatusList>('/api/project-statuses');
  expect(response.status).toBe(200);
  return response.body.statuses;
}

function byKey(statuses: ProjectStatus[], key: string): ProjectStatus {
  const found = statuses.find((status) => status.key === key);
  if (!found) throw new Error(`no status ${key}`);
  return found;
}

/** The company's statuses and projects as stored: a refused change leaves both exactly so. */
async function snapshot(companyId: string) {
  const result = await server.db.execute(sql`select
    (select json_agg(s order by s.id) from project_statuses s where s.company_id = ${companyId}) as statuses,
    (select json_agg(p order by p.id) from projects p where p.company_id = ${companyId}) as projects`);
  return result.rows[0];
}

function expectError(response: TestResponse, status: number, code: string) {
  expect(response.status, response.text).toBe(status);
  expect(response.body).toMatchObject({ error: { code, message: expect.any(String), requestId: expect.any(String) } });
}

let owner: Owner;
let manager: SignedUpUser;
let member: SignedUpUser;
let other: Owner;

beforeAll(async () => {
  owner = await signedInOwner(server);
  manager = await signedInUser(server, { company: owner.company, role: 'manager', email: uniqueEmail('manager') });
  member = await signedInUser(server, { company: owner.company, role: 'member', email: uniqueEmail('member') });
  other = await signedInOwner(server);
});

describe('reading the pipeline', () => {
  it('lists the default pipeline in order with project counts, for every role', async () => {
    const lead = await statusesOf(owner.client);
    await insertProjectRow(server.db, owner.company.id);
    await insertProjectRow(server.db, owner.company.id);
    for (const client of [owner.client, manager.client, member.client]) {
      const statuses = await statusesOf(client);
      expect(statuses.map((s) => [s.key, s.name, s.isClosed, s.isHidden])).toEqual(DEFAULT_PIPELINE.map((s) => [s.key, s.name, s.isClosed, false]));
      expect(statuses.map((s) => s.position)).toEqual(DEFAULT_PIPELINE.map((_, i) => i));
      expect(byKey(statuses, 'lead').projectCount).toBe(2);
      expect(byKey(statuses, 'closed').projectCount).toBe(0);
    }
    expect(lead.map((s) => s.id)).not.toEqual(expect.arrayContaining((await statusesOf(other.client)).map((s) => s.id)));
    expect((await server.client().get('/api/project-statuses')).status).toBe(401);
  });
});

describe('changing the pipeline', () => {
  it('adds a status at the end with a unique key', async () => {
    const added = await manager.client.post<ProjectStatus>('/api/project-statuses', { name: 'Paid' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ key: 'paid_2', name: 'Paid', position: 12, isClosed: false, isHidden: false, projectCount: 0 });
    const tear = await owner.client.post<ProjectStatus>('/api/project-statuses', { name: '  Roof tear-off!  ', isClosed: true });
    expect(tear.body).toMatchObject({ key: 'roof_tear_off', name: 'Roof tear-off!', position: 13, isClosed: true });
    expect(statusKeyOf('Été réglé')).toBe('ete_regle');
    expect(statusKeyOf('***')).toBe('status');
  });

  it('renames, hides and closes a status; closing one in use frees the slots of its projects', async () => {
    const company = await signedInOwner(server);
    const statuses = await statusesOf(company.client);
    const inspected = byKey(statuses, 'inspected');
    const project = await insertProjectRow(server.db, company.company.id, { statusId: inspected.id });
    const archivedOne = await insertProjectRow(server.db, company.company.id, { statusId: inspected.id, archivedAt: new Date(), isActive: false });

    const renamed = await company.client.patch<ProjectStatus>(`/api/project-statuses/${inspected.id}`, { name: 'Inspected (roof)' });
    expect(renamed.body).toMatchObject({ name: 'Inspected (roof)', key: 'inspected', projectCount: 2 });

    const closed = await company.client.patch<ProjectStatus>(`/api/project-statuses/${inspected.id}`, { isClosed: true });
    expect(closed.body.isClosed).toBe(true);
    const detail = (await company.client.get<Project>(`/api/projects/${project.id}`)).body;
    expect(detail).toMatchObject({ isActive: false, closedAt: expect.any(String) });
    expect((await company.client.get('/api/projects/active-files')).body).toMatchObject({ active: 0 });

    const reopened = await company.client.patch<ProjectStatus>(`/api/project-statuses/${inspected.id}`, { isClosed: false, isHidden: true });
    expect(reopened.body).toMatchObject({ isClosed: false, isHidden: true });
    expect((await company.client.get<Project>(`/api/projects/${project.id}`)).body).toMatchObject({ isActive: true, closedAt: null });
    expect((await company.client.get<Project>(`/api/projects/${archivedOne.id}`)).body).toMatchObject({ isActive: false });
  });

  it('refuses opening a closed status whose projects do not fit the plan (409), changing nothing', async () => {
    const company = await signedInOwner(server);
    await server.db.execute(sql`update companies set plan = 'starter', trial_ends_at = null where id = ${company.company.id}`);
    const closed = byKey(await statusesOf(company.client), 'closed');
    for (let i = 0; i < 9; i++) await insertProjectRow(server.db, company.company.id);
    for (let i = 0; i < 2; i++) await insertProjectRow(server.db, company.company.id, { statusId: closed.id, isActive: false });
    const before = await snapshot(company.company.id);
    const refused = await company.client.patch(`/api/project-statuses/${closed.id}`, { isClosed: false });
    expectError(refused, 409, 'ACTIVE_FILE_LIMIT');
    expect(refused.body).toMatchObject({ error: { message: expect.stringContaining('Starter plan allows up to 10 active files') } });
    expect(await snapshot(company.company.id)).toEqual(before);
  });

  it('keeps one open, visible status: hiding, closing or deleting the last one is refused (400)', async () => {
    const company = await signedInOwner(server);
    const statuses = await statusesOf(company.client);
    const open = statuses.filter((s) => !s.isClosed);
    const [last, ...rest] = open;
    for (const status of rest) expect((await company.client.patch(`/api/project-statuses/${status.id}`, { isHidden: true })).status).toBe(200);
    const before = await snapshot(company.company.id);
    for (const patch of [{ isHidden: true }, { isClosed: true }]) {
      expectError(await company.client.patch(`/api/project-statuses/${last?.id}`, patch), 400, 'VALIDATION_ERROR');
    }
    expectError(await company.client.delete(`/api/project-statuses/${last?.id}`), 400, 'VALIDATION_ERROR');
    expect(await snapshot(company.company.id)).toEqual(before);
    // Renaming it is fine; and new projects now start in it.
    expect((await company.client.patch(`/api/project-statuses/${last?.id}`, { name: 'Intake' })).status).toBe(200);
    const project = await company.client.post<Project>('/api/projects', { title: 'T', homeownerName: 'H', street: 'S' });
    expect(project.body.statusId).toBe(last?.id);
  });

  it('starts new projects in the first open, visible status', async () => {
    const company = await signedInOwner(server);
    const statuses = await statusesOf(company.client);
    await company.client.patch(`/api/project-statuses/${byKey(statuses, 'lead').id}`, { isHidden: true });
    const project = await company.client.post<Project>('/api/projects', { title: 'T', homeownerName: 'H', street: 'S' });
    expect(project.body.statusId).toBe(byKey(statuses, 'inspected').id);
  });

  it('reorders with exactly the company status ids, else 400', async () => {
    const company = await signedInOwner(server);
    const statuses = await statusesOf(company.client);
    const ids = statuses.map((s) => s.id);
    const reversed = [...ids].reverse();
    const response = await company.client.post<ProjectStatusList>('/api/project-statuses/reorder', { ids: reversed });
    expect(response.status).toBe(200);
    expect(response.body.statuses.map((s) => s.id)).toEqual(reversed);
    expect(response.body.statuses.map((s) => s.position)).toEqual(ids.map((_, i) => i));

    const before = await snapshot(company.company.id);
    const theirs = (await statusesOf(other.client))[0]?.id;
    for (const bad of [ids.slice(1), [...ids, ids[0]], [...ids.slice(1), theirs], [...ids.slice(1), ids[1]], []]) {
      expectError(await company.client.post('/api/project-statuses/reorder', { ids: bad }), 400, 'VALIDATION_ERROR');
    }
    expect(await snapshot(company.company.id)).toEqual(before);
  });

  it('deletes an unused status (204); a status in use is refused with 409 STATUS_IN_USE', async () => {
    const company = await signedInOwner(server);
    const statuses = await statusesOf(company.client);
    const denied = byKey(statuses, 'denied');
    expect((await company.client.delete(`/api/project-statuses/${denied.id}`)).status).toBe(204);
    expect((await statusesOf(company.client)).map((s) => s.key)).not.toContain('denied');

    const used = byKey(statuses, 'approved');
    await insertProjectRow(server.db, company.company.id, { statusId: used.id, archivedAt: new Date(), isActive: false });
    const before = await snapshot(company.company.id);
    expectError(await company.client.delete(`/api/project-statuses/${used.id}`), 409, 'STATUS_IN_USE');
    expectError(await company.client.delete(`/api/project-statuses/${denied.id}`), 404, 'NOT_FOUND');
    expect(await snapshot(company.company.id)).toEqual(before);
  });

  it('refuses bad input with 400, writing nothing', async () => {
    const before = await snapshot(owner.company.id);
    const lead = byKey(await statusesOf(owner.client), 'lead');
    for (const body of [{}, { name: '' }, { name: 'x'.repeat(41) }, { name: 'Ok', isClosed: 'yes' }, { name: 'Tab\there' }]) {
      expectError(await owner.client.post('/api/project-statuses', body), 400, 'VALIDATION_ERROR');
    }
    for (const body of [{}, { name: '' }, { isHidden: 'no' }]) {
      expectError(await owner.client.patch(`/api/project-statuses/${lead.id}`, body), 400, 'VALIDATION_ERROR');
    }
    expectError(await owner.client.patch('/api/project-statuses/not-a-uuid', { name: 'X' }), 400, 'VALIDATION_ERROR');
    expectError(await owner.client.post('/api/project-statuses/reorder', { ids: ['lead'] }), 400, 'VALIDATION_ERROR');
    expect(await snapshot(owner.company.id)).toEqual(before);
  });
});

describe('who may change the pipeline', () => {
  it('refuses members with 403 on every change, writing nothing', async () => {
    const statuses = await statusesOf(member.client);
    const lead = byKey(statuses, 'lead');
    const before = await snapshot(owner.company.id);
    const attempts = [
      member.client.post('/api/project-statuses', { name: 'Mine' }),
      member.client.patch(`/api/project-statuses/${lead.id}`, { name: 'Mine' }),
      member.client.post('/api/project-statuses/reorder', { ids: statuses.map((s) => s.id).reverse() }),
      member.client.delete(`/api/project-statuses/${byKey(statuses, 'denied').id}`),
    ];
    for (const response of await Promise.all(attempts)) expectError(response, 403, 'FORBIDDEN');
    expect(await snapshot(owner.company.id)).toEqual(before);
  });

  it("answers 404 to another company's owner on each status and changes nothing", async () => {
    const statuses = await statusesOf(owner.client);
    const target = byKey(statuses, 'completed');
    const before = await snapshot(owner.company.id);
    expectError(await other.client.patch(`/api/project-statuses/${target.id}`, { name: 'Taken' }), 404, 'NOT_FOUND');
    expectError(await other.client.delete(`/api/project-statuses/${target.id}`), 404, 'NOT_FOUND');
    expectError(await other.client.post('/api/project-statuses/reorder', { ids: statuses.map((s) => s.id) }), 400, 'VALIDATION_ERROR');
    expect(await snapshot(owner.company.id)).toEqual(before);
  });
});
