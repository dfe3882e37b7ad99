import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Analytics } from '@ridgeline/shared/contracts/analytics';
import type { ActiveFiles, ActivityEntry, ActivityList, Project, ProjectList, ProjectStatusList } from '@ridgeline/shared/contracts/projects';
import { carriers, adjusters } from '../../infra/db/schema/index';
import { signedInOwner, signedInUser, type TestCompany } from '../../test/factories';
import type { TestClient, TestResponse } from '../../test/test-client';
import { uniqueEmail, type SignedUpUser } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';

const server = useTestServer();
let owner: SignedUpUser & { company: TestCompany };
let member: SignedUpUser;
let other: SignedUpUser & { company: TestCompany };
let statuses: ProjectStatusList['statuses'];
let carrierId: string;
let adjusterId: string;
let otherCarrierId: string;

async function addCarrier(companyId: string, name: string): Promise<string> {
  const [row] = await server.db.insert(carriers).values({ companyId, name }).returning();
  if (!row) throw new Error('no carrier');
  return row.id;
}

/** Rows of the company's projects and activity: a refused request must leave both unchanged. */
async function rowCounts(companyId: string) {
  const result = await server.db.execute<{ projects: number; activity: number }>(sql`select
    (select count(*)::int from projects where company_id = ${companyId}) as projects,
    (select count(*)::int from project_activity where company_id = ${companyId}) as activity`);
  return result.rows[0];
}

function statusId(key: string): string {
  const found = statuses.find((status) => status.key === key);
  if (!found) throw new Error(`no status ${key}`);
  return found.id;
}

async function createProject(client: TestClient, body: Record<string, unknown> = {}): Promise<Project> {
  const response = await client.post<Project>('/api/projects', { title: 'Roof claim', homeownerName: 'Dana Shingle', street: '12 Ridge Rd', ...body });
  if (response.status !== 201) throw new Error(`create answered ${response.status}: ${response.text}`);
  return response.body;
}

function expectError(response: TestResponse, status: number, code: string) {
  expect(response.status, response.text).toBe(status);
  expect(response.body).toMatchObject({ error: { code, message: expect.any(String), timestamp: expect.any(String), requestId: expect.any(String) } });
}

async function activityOf(client: TestClient, id: string, field?: string): Promise<ActivityEntry[]> {
  const response = await client.get<ActivityList>(`/api/projects/${id}/activity${field ? `?field=${field}` : ''}`);
  expect(response.status).toBe(200);
  return response.body.activity;
}

beforeAll(async () => {
  owner = await signedInOwner(server, { owner: { firstName: 'Olive', lastName: 'Owner' } });
  member = await signedInUser(server, { company: owner.company, role: 'member', firstName: 'Milo', lastName: 'Member', email: uniqueEmail('member') });
  other = await signedInOwner(server, { name: 'Other Roofing' });
  statuses = (await owner.client.get<ProjectStatusList>('/api/project-statuses')).body.statuses;
  carrierId = await addCarrier(owner.company.id, 'State Farm');
  const [adjuster] = await server.db.insert(adjusters).values({ companyId: owner.company.id, name: 'Alex Adjuster', carrierId }).returning();
  adjusterId = adjuster?.id ?? '';
  otherCarrierId = await addCarrier(other.company.id, 'Other Mutual');
});

describe('creating a project', () => {
  it('starts in the first open status, classifies the loss description and records who created it', async () => {
    const project = await createProject(member.client, {
      lossDescription: 'Hail and high winds tore shingles off',
      carrierId,
      adjusterId,
      assigneeId: owner.me.id,
      rcvCents: 1_234_56,
      dateOfLoss: '2026-05-04',
      homeownerEmail: '',
    });
    expect(project).toMatchObject({
      statusId: statusId('lead'),
      isActive: true,
      lossType: 'hail_wind',
      lossTypeSource: 'classified',
      carrier: { id: carrierId, name: 'State Farm' },
      adjuster: { id: adjusterId, name: 'Alex Adjuster' },
      assignee: { id: owner.me.id, name: 'Olive Owner' },
      createdBy: { id: member.me.id, name: 'Milo Member' },
      homeownerEmail: null,
      rcvCents: 123456,
      dateOfLoss: '2026-05-04',
      closedAt: null,
    });
    const activity = await activityOf(owner.client, project.id);
    expect(activity).toHaveLength(1);
    expect(activity[0]).toMatchObject({ kind: 'created', actor: { name: 'Milo Member' } });
  });

  it('makes a member who starts a claim file its assignee unless they choose another; their own figures on /analytics then count it', async () => {
    // A company of its own, so its figures hold only what this test makes.
    const office = await signedInOwner(server, { owner: { firstName: 'Opal', lastName: 'Office' } });
    const rep = await signedInUser(server, { company: office.company, role: 'member', firstName: 'Remy', lastName: 'Rep' });
    const colleague = await signedInUser(server, { company: office.company, role: 'member' });
    const started = await createProject(rep.client, { rcvCents: 1_500_000 });
    expect(started.assignee).toEqual({ id: rep.me.id, name: 'Remy Rep' });
    expect((await createProject(rep.client, { assigneeId: colleague.me.id })).assignee?.id).toBe(colleague.me.id);
    expect((await createProject(rep.client, { assigneeId: null })).assignee).toBeNull();
    // An owner or manager often opens a claim file for a rep: theirs waits unassigned.
    expect((await createProject(office.client)).assignee).toBeNull();

    const today = new Date().toISOString().slice(0, 10);
    const own = await rep.client.get<Analytics>(`/api/analytics?from=${today}&to=${today}`);
    expect(own.status, own.text).toBe(200);
    expect(own.body.scope).toBe('own');
    const counted = own.body.pipelineByStatus.reduce((sum, row) => sum + row.claimFiles, 0);
    expect(counted).toBe(1);
    expect(own.body.pipelineByStatus.reduce((sum, row) => sum + row.rcvCents, 0)).toBe(1_500_000);
  });

  it('keeps a chosen loss type, and files "other" when there is nothing to classify', async () => {
    expect(await createProject(owner.client, { lossType: 'tornado', lossDescription: 'hail' })).toMatchObject({
      lossType: 'tornado',
      lossTypeSource: 'chosen',
    });
    expect(await createProject(owner.client)).toMatchObject({ lossType: 'other', lossTypeSource: 'classified' });
  });

  it('creates into a chosen status; a closed one takes no slot and is stamped closed', async () => {
    const project = await createProject(owner.client, { statusId: statusId('closed') });
    expect(project).toMatchObject({ statusId: statusId('closed'), isActive: false, closedAt: expect.any(String) });
  });

  it("refuses bad input and another company's carrier, adjuster, assignee or status with 400, writing nothing", async () => {
    const before = await rowCounts(owner.company.id);
    const base = { title: 'T', homeownerName: 'H', street: 'S' };
    const cases: [Record<string, unknown>, string][] = [
      [{ homeownerName: 'H', street: 'S' }, 'title'],
      [{ ...base, title: '' }, 'title'],
      [{ ...base, rcvCents: -1 }, 'rcvCents'],
      [{ ...base, rcvCents: 1.5 }, 'rcvCents'],
      [{ ...base, dateOfLoss: '2026-13-40' }, 'dateOfLoss'],
      [{ ...base, lossType: 'meteor' }, 'lossType'],
      [{ ...base, homeownerEmail: 'not-an-address' }, 'homeownerEmail'],
      [{ ...base, serviceType: 'Roof Replacement' }, 'serviceType'],
      [{ ...base, carrierId: otherCarrierId }, 'carrierId'],
      [{ ...base, carrierId: '00000000-0000-4000-8000-000000000000' }, 'carrierId'],
      [{ ...base, assigneeId: other.me.id }, 'assigneeId'],
      [{ ...base, statusId: (await other.client.get<ProjectStatusList>('/api/project-statuses')).body.statuses[0]?.id }, 'statusId'],
    ];
    for (const [body, field] of cases) {
      const response = await owner.client.post('/api/projects', body);
      expectError(response, 400, 'VALIDATION_ERROR');
      expect(response.text, JSON.stringify(body)).toContain(field);
    }
    const adjusterOfOther = await server.db.insert(adjusters).values({ companyId: other.company.id, name: 'Theirs' }).returning();
    expectError(await owner.client.post('/api/projects', { ...base, adjusterId: adjusterOfOther[0]?.id }), 400, 'VALIDATION_ERROR');
    expectError(await owner.client.request('POST', '/api/projects', { body: '{"title":' }), 400, 'VALIDATION_ERROR');
    expectError(await server.client().post('/api/projects', base), 401, 'UNAUTHENTICATED');
    expect(await rowCounts(owner.company.id)).toEqual(before);
  });
});

describe('reading a project', () => {
  it("answers 404 for another company's project, the same as for a missing id", async () => {
    const project = await createProject(owner.client);
    expect((await owner.client.get<Project>(`/api/projects/${project.id}`)).body).toEqual(project);
    expect((await member.client.get<Project>(`/api/projects/${project.id}`)).status).toBe(200);
    const theirs = await other.client.get(`/api/projects/${project.id}`);
    const missing = await other.client.get('/api/projects/00000000-0000-4000-8000-000000000000');
    expectError(theirs, 404, 'NOT_FOUND');
    expect((theirs.body as { error: { message: string } }).error.message).toBe((missing.body as { error: { message: string } }).error.message);
    expectError(await owner.client.get('/api/projects/not-a-uuid'), 400, 'VALIDATION_ERROR');
  });
});

describe('changing a project', () => {
  it('writes only the changed fields, one activity row each, with values as people read them', async () => {
    const project = await createProject(owner.client, { homeownerPhone: '555-010-2030', rcvCents: 100_00, carrierId });
    const newCarrier = await addCarrier(owner.company.id, 'Allstate');
    const patched = await member.client.patch<Project>(`/api/projects/${project.id}`, {
      homeownerName: 'Dana Slate',
      street: project.street, // unchanged
      rcvCents: 1_234_56,
      deductibleCents: 1000_00,
      carrierId: newCarrier,
      assigneeId: member.me.id,
      dateOfLoss: '2026-06-01',
      homeownerPhone: '',
      city: 'Denver',
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toMatchObject({
      homeownerName: 'Dana Slate',
      rcvCents: 123456,
      carrier: { name: 'Allstate' },
      assignee: { name: 'Milo Member' },
      homeownerPhone: null,
      city: 'Denver',
    });
    const changes = (await activityOf(owner.client, project.id)).filter((entry) => entry.kind === 'field_changed');
    const byField = Object.fromEntries(changes.map((entry) => [entry.field, [entry.oldValue, entry.newValue]]));
    expect(byField).toEqual({
      homeownerName: ['Dana Shingle', 'Dana Slate'],
      rcvCents: ['$100.00', '$1,234.56'],
      deductibleCents: [null, '$1,000.00'],
      carrierId: ['State Farm', 'Allstate'],
      assigneeId: [null, 'Milo Member'],
      dateOfLoss: [null, '2026-06-01'],
      homeownerPhone: ['555-010-2030', null],
      city: [null, 'Denver'],
    });
    expect(changes.every((entry) => entry.actor?.name === 'Milo Member')).toBe(true);

    // The per-field history.
    const history = await activityOf(owner.client, project.id, 'rcvCents');
    expect(history.map((entry) => entry.newValue)).toEqual(['$1,234.56']);

    // Sending the same values again changes nothing and records nothing.
    const count = (await activityOf(owner.client, project.id)).length;
    const again = await owner.client.patch<Project>(`/api/projects/${project.id}`, { homeownerName: 'Dana Slate', rcvCents: 1_234_56 });
    expect(again.status).toBe(200);
    expect(again.body.updatedAt).toBe(patched.body.updatedAt);
    expect(await activityOf(owner.client, project.id)).toHaveLength(count);
  });

  it('overrides a classified loss type, reclassifies on a new description or when cleared', async () => {
    const project = await createProject(owner.client, { lossDescription: 'Ceiling collapse in the garage' });
    expect(project).toMatchObject({ lossType: 'collapse', lossTypeSource: 'classified' });

    const described = await owner.client.patch<Project>(`/api/projects/${project.id}`, { lossDescription: 'Lightning hit the chimney' });
    expect(described.body).toMatchObject({ lossType: 'lightning_strike', lossTypeSource: 'classified' });

    const overridden = await owner.client.patch<Project>(`/api/projects/${project.id}`, { lossType: 'fire_smoke' });
    expect(overridden.body).toMatchObject({ lossType: 'fire_smoke', lossTypeSource: 'overridden' });

    // An overridden type stays when the description changes.
    const kept = await owner.client.patch<Project>(`/api/projects/${project.id}`, { lossDescription: 'Hail on the skylights' });
    expect(kept.body).toMatchObject({ lossType: 'fire_smoke', lossTypeSource: 'overridden' });

    const cleared = await owner.client.patch<Project>(`/api/projects/${project.id}`, { lossType: null });
    expect(cleared.body).toMatchObject({ lossType: 'hail', lossTypeSource: 'classified' });

    const history = await activityOf(owner.client, project.id, 'lossType');
    expect(history.map((entry) => [entry.oldValue, entry.newValue])).toEqual([
      ['Fire / Smoke', 'Hail'],
      ['Lightning Strike', 'Fire / Smoke'],
      ['Collapse (e.g. ceiling, roof)', 'Lightning Strike'],
    ]);

    // A type chosen from the list stays chosen.
    const chosen = await createProject(owner.client, { lossType: 'wind' });
    expect((await owner.client.patch<Project>(`/api/projects/${chosen.id}`, { lossType: 'hail' })).body).toMatchObject({
      lossType: 'hail',
      lossTypeSource: 'chosen',
    });
  });

  it('refuses bad changes with 400 and writes nothing', async () => {
    const project = await createProject(owner.client, { carrierId });
    const before = await rowCounts(owner.company.id);
    for (const body of [
      {},
      { title: '' },
      { carrierId: otherCarrierId, title: 'New title' },
      { assigneeId: other.me.id },
      { rcvCents: 'ten' },
      { unknownOnly: 1 },
    ]) {
      expectError(await owner.client.patch(`/api/projects/${project.id}`, body), 400, 'VALIDATION_ERROR');
    }
    expect(await rowCounts(owner.company.id)).toEqual(before);
    expect((await owner.client.get<Project>(`/api/projects/${project.id}`)).body).toEqual(project);
  });
});

describe('status, archive and notes', () => {
  it('moves a project through the pipeline with a status_changed row; the same status is a no-op', async () => {
    const project = await createProject(owner.client);
    const inspected = await member.client.post<Project>(`/api/projects/${project.id}/status`, { statusId: statusId('inspected') });
    expect(inspected.status).toBe(200);
    expect(inspected.body).toMatchObject({ statusId: statusId('inspected'), isActive: true, closedAt: null });

    const closed = await owner.client.post<Project>(`/api/projects/${project.id}/status`, { statusId: statusId('closed') });
    expect(closed.body).toMatchObject({ statusId: statusId('closed'), isActive: false, closedAt: expect.any(String) });
    const files = (await owner.client.get<ActiveFiles>('/api/projects/active-files')).body;

    const same = await owner.client.post<Project>(`/api/projects/${project.id}/status`, { statusId: statusId('closed') });
    expect(same.status).toBe(200);
    expect(same.body).toEqual(closed.body);

    const reopened = await owner.client.post<Project>(`/api/projects/${project.id}/status`, { statusId: statusId('paid') });
    expect(reopened.body).toMatchObject({ isActive: true, closedAt: null });
    expect((await owner.client.get<ActiveFiles>('/api/projects/active-files')).body.active).toBe(files.active + 1);

    const history = await activityOf(owner.client, project.id, 'status');
    expect(history.map((entry) => [entry.kind, entry.oldValue, entry.newValue])).toEqual([
      ['status_changed', 'Closed', 'Paid'],
      ['status_changed', 'Inspected', 'Closed'],
      ['status_changed', 'Lead', 'Inspected'],
    ]);
    expect(history[2]?.actor?.name).toBe('Milo Member');

    const before = await rowCounts(owner.company.id);
    expectError(await owner.client.post(`/api/projects/${project.id}/status`, { statusId: 'lead' }), 400, 'VALIDATION_ERROR');
    const theirStatus = (await other.client.get<ProjectStatusList>('/api/project-statuses')).body.statuses[0]?.id;
    expectError(await owner.client.post(`/api/projects/${project.id}/status`, { statusId: theirStatus }), 400, 'VALIDATION_ERROR');
    expect(await rowCounts(owner.company.id)).toEqual(before);
  });

  it('archives (freeing the slot) and unarchives, once each', async () => {
    const project = await createProject(owner.client);
    const active = (await owner.client.get<ActiveFiles>('/api/projects/active-files')).body.active;
    const archived = await owner.client.post<Project>(`/api/projects/${project.id}/archive`);
    expect(archived.body).toMatchObject({ archivedAt: expect.any(String), isActive: false });
    expect((await owner.client.get<ActiveFiles>('/api/projects/active-files')).body.active).toBe(active - 1);
    expect((await owner.client.post<Project>(`/api/projects/${project.id}/archive`)).body).toEqual(archived.body);

    // An archived project moved to another status stays archived and inactive.
    const moved = await owner.client.post<Project>(`/api/projects/${project.id}/status`, { statusId: statusId('approved') });
    expect(moved.body).toMatchObject({ archivedAt: expect.any(String), isActive: false });

    const back = await owner.client.post<Project>(`/api/projects/${project.id}/unarchive`);
    expect(back.body).toMatchObject({ archivedAt: null, isActive: true, statusId: statusId('approved') });
    expect((await owner.client.post<Project>(`/api/projects/${project.id}/unarchive`)).body).toEqual(back.body);
    const kinds = (await activityOf(owner.client, project.id)).map((entry) => entry.kind);
    expect(kinds).toEqual(['unarchived', 'status_changed', 'archived', 'created']);
  });

  it('runs archives and unarchives of one project sent at once one after the other: none fails', async () => {
    // Both take the company's lock before the project's, so they queue instead of deadlocking.
    const project = await createProject(owner.client);
    const activeBefore = (await owner.client.get<ActiveFiles>('/api/projects/active-files')).body.active;
    for (let round = 0; round < 3; round++) {
      const responses = await Promise.all(
        Array.from({ length: 8 }, (_, i) => owner.client.post<Project>(`/api/projects/${project.id}/${i % 2 === 0 ? 'archive' : 'unarchive'}`)),
      );
      expect(
        responses.map((r) => r.status),
        responses.map((r) => r.text.slice(0, 200)).join('\n'),
      ).toEqual(Array(8).fill(200));
    }
    // Each change happened once, from the state the one before left: as many unarchives as archives,
    // or one archive more; and the project and the active-file count agree with that.
    const kinds = (await activityOf(owner.client, project.id)).map((entry) => entry.kind);
    const archives = kinds.filter((kind) => kind === 'archived').length;
    const unarchives = kinds.filter((kind) => kind === 'unarchived').length;
    expect(archives).toBeGreaterThan(0);
    expect([0, 1]).toContain(archives - unarchives);
    const isArchived = archives > unarchives;
    expect((await owner.client.get<Project>(`/api/projects/${project.id}`)).body.archivedAt !== null).toBe(isArchived);
    expect((await owner.client.get<ActiveFiles>('/api/projects/active-files')).body.active).toBe(activeBefore - (isArchived ? 1 : 0));
  });

  it('runs notes and edits of a project sent at once with its archives and unarchives: none fails', async () => {
    const project = await createProject(owner.client);
    const path = `/api/projects/${project.id}`;
    const send = (i: number) => {
      if (i % 4 === 0) return owner.client.post(`${path}/archive`);
      if (i % 4 === 1) return owner.client.post(`${path}/unarchive`);
      if (i % 4 === 2) return owner.client.post(`${path}/notes`, { body: `Note ${i}` });
      return owner.client.patch(path, { title: `Roof claim ${i}` });
    };
    for (let round = 0; round < 3; round++) {
      const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => send(i)));
      const statuses = responses.map((r) => r.status);
      expect(statuses, responses.map((r) => r.text.slice(0, 200)).join('\n')).toEqual([200, 200, 201, 200, 200, 200, 201, 200]);
    }
    expect((await activityOf(owner.client, project.id)).filter((entry) => entry.kind === 'note')).toHaveLength(6);
  });

  it('adds notes by hand, newest first, with the author', async () => {
    const project = await createProject(owner.client);
    const note = await member.client.post<ActivityEntry>(`/api/projects/${project.id}/notes`, { body: '  Adjuster meeting moved to Friday.  ' });
    expect(note.status).toBe(201);
    expect(note.body).toMatchObject({
      kind: 'note',
      body: 'Adjuster meeting moved to Friday.',
      actor: { id: member.me.id, name: 'Milo Member' },
      projectId: project.id,
    });
    const activity = await activityOf(owner.client, project.id);
    expect(activity[0]).toEqual(note.body);

    const before = await rowCounts(owner.company.id);
    expectError(await owner.client.post(`/api/projects/${project.id}/notes`, { body: '   ' }), 400, 'VALIDATION_ERROR');
    expectError(await owner.client.post(`/api/projects/${project.id}/notes`, { body: 'x'.repeat(4001) }), 400, 'VALIDATION_ERROR');
    expectError(await owner.client.post(`/api/projects/${project.id}/notes`, {}), 400, 'VALIDATION_ERROR');
    expect(await rowCounts(owner.company.id)).toEqual(before);
  });
});

describe('malformed requests', () => {
  it('answers 400 to a malformed id or query on every project endpoint, 401 without a session', async () => {
    const project = await createProject(owner.client);
    const bad = '/api/projects/not-a-uuid';
    const attempts: [string, Promise<TestResponse>][] = [
      ['GET', owner.client.get(bad)],
      ['PATCH', owner.client.patch(bad, { title: 'X' })],
      ['status', owner.client.post(`${bad}/status`, { statusId: statusId('lead') })],
      ['archive', owner.client.post(`${bad}/archive`)],
      ['unarchive', owner.client.post(`${bad}/unarchive`)],
      ['activity', owner.client.get(`${bad}/activity`)],
      ['note', owner.client.post(`${bad}/notes`, { body: 'Hi' })],
      ['field too long', owner.client.get(`/api/projects/${project.id}/activity?field=${'x'.repeat(41)}`)],
      ['status without body', owner.client.post(`/api/projects/${project.id}/status`, {})],
    ];
    for (const [label, pending] of attempts) {
      const response = await pending;
      expect(response.status, label).toBe(400);
      expect(response.body, label).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    }
    const anonymous = server.client();
    for (const response of [await anonymous.get(`/api/projects/${project.id}`), await anonymous.post(`/api/projects/${project.id}/notes`, { body: 'Hi' })]) {
      expectError(response, 401, 'UNAUTHENTICATED');
    }
  });
});

describe('tenant isolation', () => {
  it("answers 404 on every project endpoint to another company's user and changes nothing", async () => {
    const project = await createProject(owner.client, { carrierId, lossDescription: 'wind' });
    await owner.client.post(`/api/projects/${project.id}/notes`, { body: 'Private note' });
    const snapshot = (await owner.client.get<Project>(`/api/projects/${project.id}`)).body;
    const before = await rowCounts(owner.company.id);
    const theirs = await rowCounts(other.company.id);
    const b = other.client;
    const path = `/api/projects/${project.id}`;
    const attempts: [string, Promise<TestResponse>][] = [
      ['GET', b.get(path)],
      ['PATCH', b.patch(path, { title: 'Taken' })],
      ['status', b.post(`${path}/status`, { statusId: statusId('closed') })],
      ['archive', b.post(`${path}/archive`)],
      ['unarchive', b.post(`${path}/unarchive`)],
      ['activity', b.get(`${path}/activity`)],
      ['field history', b.get(`${path}/activity?field=title`)],
      ['note', b.post(`${path}/notes`, { body: 'Hello' })],
    ];
    for (const [label, pending] of attempts) {
      const response = await pending;
      expect(response.status, label).toBe(404);
      expect(response.text, label).not.toContain('Private note');
    }
    expect((await owner.client.get<Project>(path)).body).toEqual(snapshot);
    expect(await rowCounts(owner.company.id)).toEqual(before);
    expect(await rowCounts(other.company.id)).toEqual(theirs);

    // The other company's list, export and count never show it.
    const list = await b.get<ProjectList>('/api/projects?q=Dana');
    expect(list.body.projects.map((p) => p.id)).not.toContain(project.id);
    expect((await b.get('/api/projects/export.csv')).text).not.toContain('Dana Shingle');
  });
});
