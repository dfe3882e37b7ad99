import { createHash, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ConvertSessionResult } from '@ridgeline/shared/contracts/estimating';
import type { InspectionActivityList, InspectionSession } from '@ridgeline/shared/contracts/inspections';
import type { ActivityList, Project } from '@ridgeline/shared/contracts/projects';
import { estimates, inspectionPhotos, inspectionSessions, projectActivity, projects, roofMeasurements } from '../../infra/db/schema/index';
import { insertProjectRow, signedInOwner, signedInUser } from '../../test/factories';
import type { TestResponse } from '../../test/test-client';
import type { SignedUpUser } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';

// Converting an inspection session into a claim file: one transaction (all or nothing), never two
// claim files for one session, the plan's active-file limit, and only within the company.

const server = useTestServer();
type Owner = Awaited<ReturnType<typeof signedInOwner>>;
let ownerA: Owner;
let memberA: SignedUpUser;
let ownerB: Owner;
let carrierId = '';
let adjusterId = '';

beforeAll(async () => {
  ownerA = await signedInOwner(server, { name: 'Alpha Roofing' });
  memberA = await signedInUser(server, { company: ownerA.company, role: 'member', firstName: 'Mia', lastName: 'Member' });
  ownerB = await signedInOwner(server, { name: 'Bravo Siding' });
  carrierId = (await ownerA.client.post<{ id: string }>('/api/carriers', { name: 'Granite Mutual' })).body.id;
  adjusterId = (await ownerA.client.post<{ id: string }>('/api/adjusters', { name: 'Ada Adjuster', carrierId, phone: '+1 555 010 7070' })).body.id;
});

const FIELDS = {
  street: '12 Hail Ln',
  city: 'Denton',
  state: 'TX',
  zip: '76201',
  latitude: 33.2,
  longitude: -97.1,
  homeownerName: 'Hank Owner',
  homeownerPhone: '+1 555 010 4040',
  homeownerEmail: 'hank@example.com',
  dateOfLoss: '2026-05-20',
  lossDescription: 'Hail broke shingles on the north slope',
  lossType: 'hail',
  policyNumber: 'POL-77',
  claimNumber: 'CLM-12',
  deductibleCents: 150_000,
  adjusterName: 'ada adjuster',
  adjusterPhone: '+1 555 010 7070',
};

async function createSession(user: SignedUpUser, fields: Record<string, unknown> = {}, projectId?: string): Promise<InspectionSession> {
  const response = await user.client.post<InspectionSession>('/api/inspections', {
    id: randomUUID(),
    editedAt: new Date().toISOString(),
    fields: { ...FIELDS, carrierId, ...fields },
    ...(projectId ? { projectId } : {}),
  });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

/** A photo row of the session (the upload path has its own tests); `deleted` puts it in the trash. */
async function insertPhoto(companyId: string, sessionId: string, deleted = false): Promise<string> {
  const id = randomUUID();
  await server.db.insert(inspectionPhotos).values({
    id,
    companyId,
    sessionId,
    filePath: `${companyId}/${sessionId}/${id}.jpg`,
    fileName: `${id}.jpg`,
    fileSize: 1234,
    mimeType: 'image/jpeg',
    sha256: createHash('sha256').update(id).digest('hex'),
    category: 'damage',
    deletedAt: deleted ? new Date() : null,
  });
  return id;
}

/** A session with two live photos and one deleted, a measurement, and two estimate versions (the latest: RCV $12,000). */
async function sessionWithContents(user: Owner | SignedUpUser, companyId: string, fields: Record<string, unknown> = {}) {
  const session = await createSession(user, fields);
  const photos = [await insertPhoto(companyId, session.id), await insertPhoto(companyId, session.id), await insertPhoto(companyId, session.id, true)];
  await server.db.insert(roofMeasurements).values({ companyId, sessionId: session.id, label: 'Main house' });
  await server.db.insert(estimates).values([
    { companyId, sessionId: session.id, version: 1, rcvCents: 1_000_000, depreciationCents: 100_000, acvCents: 900_000 },
    { companyId, sessionId: session.id, version: 2, rcvCents: 1_200_000, depreciationCents: 200_000, acvCents: 1_000_000 },
  ]);
  return { session, photos };
}

const convert = (user: SignedUpUser, sessionId: string, body: unknown) => user.client.post<ConvertSessionResult>(`/api/inspections/${sessionId}/convert`, body);

const sessionRow = async (id: string) => (await server.db.select().from(inspectionSessions).where(eq(inspectionSessions.id, id)))[0];
const photoRows = (sessionId: string) =>
  server.db.select({ id: inspectionPhotos.id, projectId: inspectionPhotos.projectId }).from(inspectionPhotos).where(eq(inspectionPhotos.sessionId, sessionId));
const projectCount = async (companyId: string) => (await server.db.select({ id: projects.id }).from(projects).where(eq(projects.companyId, companyId))).length;
const projectKinds = async (projectId: string) =>
  (await server.db.select({ kind: projectActivity.kind }).from(projectActivity).where(eq(projectActivity.projectId, projectId))).map((r) => r.kind).sort();

async function sessionKinds(user: SignedUpUser, id: string) {
  const response = await user.client.get<InspectionActivityList>(`/api/inspections/${id}/activity`);
  expect(response.status, response.text).toBe(200);
  return response.body.entries.map((entry) => entry.kind).sort();
}

/** What a conversion may change about a session: its row, its photos, measurement and estimates. */
async function snapshot(sessionId: string) {
  const session = await sessionRow(sessionId);
  const photos = await photoRows(sessionId);
  const measurement = await server.db.select({ projectId: roofMeasurements.projectId }).from(roofMeasurements).where(eq(roofMeasurements.sessionId, sessionId));
  const versions = await server.db.select({ projectId: estimates.projectId }).from(estimates).where(eq(estimates.sessionId, sessionId));
  return { session, photos, measurement, versions };
}

function expectError(response: TestResponse, status: number, code: string) {
  expect(response.status, response.text).toBe(status);
  expect(response.body).toMatchObject({ error: { code, message: expect.any(String), requestId: expect.any(String) } });
}

describe('converting a session into a new claim file', () => {
  it('creates the claim file from the session and moves its photos, measurement and estimates with it', async () => {
    const { session, photos } = await sessionWithContents(memberA, ownerA.company.id);
    const response = await convert(memberA, session.id, { mode: 'new' });
    expect(response.status, response.text).toBe(201);
    expect(response.body).toEqual({ projectId: expect.any(String), created: true, photos: 2, measurements: 1, estimates: 2 });
    const projectId = response.body.projectId;

    const project = (await memberA.client.get<Project>(`/api/projects/${projectId}`)).body;
    expect(project).toMatchObject({
      title: '12 Hail Ln, Denton',
      homeownerName: 'Hank Owner',
      homeownerPhone: '+1 555 010 4040',
      homeownerEmail: 'hank@example.com',
      street: '12 Hail Ln',
      city: 'Denton',
      state: 'TX',
      zip: '76201',
      latitude: 33.2,
      longitude: -97.1,
      dateOfLoss: '2026-05-20',
      lossType: 'hail',
      lossDescription: 'Hail broke shingles on the north slope',
      policyNumber: 'POL-77',
      claimNumber: 'CLM-12',
      deductibleCents: 150_000,
      carrier: { id: carrierId, name: 'Granite Mutual' },
      adjuster: { id: adjusterId, name: 'Ada Adjuster' },
      // The latest estimate version's totals.
      rcvCents: 1_200_000,
      acvCents: 1_000_000,
      depreciationCents: 200_000,
      isActive: true,
      createdBy: { id: memberA.me.id },
    });

    // The same photo rows, every one of them (the deleted one too), now on the claim file.
    const rows = await photoRows(session.id);
    expect(rows.map((r) => r.id).sort()).toEqual([...photos].sort());
    expect(rows.every((r) => r.projectId === projectId)).toBe(true);
    const listed = await memberA.client.get<{ photos: { id: string }[] }>(`/api/projects/${projectId}/photos`);
    expect(listed.body.photos.map((p) => p.id).sort()).toEqual(photos.slice(0, 2).sort());

    const after = await snapshot(session.id);
    expect(after.measurement).toEqual([{ projectId }]);
    expect(after.versions).toEqual([{ projectId }, { projectId }]);
    expect(after.session).toMatchObject({ projectId, status: 'completed', completedAt: expect.any(Date) });

    expect(await projectKinds(projectId)).toEqual(['created', 'inspection_attached']);
    const timeline = (await memberA.client.get<ActivityList>(`/api/projects/${projectId}/activity`)).body;
    expect(timeline.activity.find((e) => e.kind === 'inspection_attached')?.body).toBe('12 Hail Ln, Denton');
    expect(await sessionKinds(memberA, session.id)).toEqual(['converted', 'created', 'status_changed']);
  });

  it('keeps an adjuster who is not in the directory in the created entry, and titles a file without an address by its homeowner', async () => {
    const session = await createSession(ownerA, { street: '', city: null, adjusterName: 'Zed Unknown', adjusterEmail: 'zed@carrier.example' });
    const response = await convert(ownerA, session.id, { mode: 'new' });
    expect(response.status, response.text).toBe(201);
    const project = (await ownerA.client.get<Project>(`/api/projects/${response.body.projectId}`)).body;
    expect(project).toMatchObject({ title: 'Hank Owner', adjuster: null, rcvCents: null });
    const [created] = await server.db
      .select({ body: projectActivity.body })
      .from(projectActivity)
      .where(and(eq(projectActivity.projectId, response.body.projectId), eq(projectActivity.kind, 'created')));
    expect(created?.body).toBe('Hank Owner\nAdjuster: Zed Unknown, +1 555 010 7070, zed@carrier.example');
  });

  it('refuses a session with neither an address nor a homeowner (422), writing nothing', async () => {
    const session = await createSession(ownerA, { street: '', homeownerName: null });
    const before = await projectCount(ownerA.company.id);
    expectError(await convert(ownerA, session.id, { mode: 'new' }), 422, 'UNPROCESSABLE_ENTITY');
    expect(await projectCount(ownerA.company.id)).toBe(before);
    expect(await sessionRow(session.id)).toMatchObject({ projectId: null, status: 'in_progress' });
  });

  it('converting twice answers the same claim file (200) and writes no second timeline entry', async () => {
    const { session } = await sessionWithContents(ownerA, ownerA.company.id);
    const first = await convert(ownerA, session.id, { mode: 'new' });
    expect(first.status, first.text).toBe(201);
    const count = await projectCount(ownerA.company.id);
    // A photo taken after the first conversion follows on the second.
    const late = await insertPhoto(ownerA.company.id, session.id);
    const second = await convert(ownerA, session.id, { mode: 'new' });
    expect(second.status, second.text).toBe(200);
    expect(second.body).toEqual({ projectId: first.body.projectId, created: false, photos: 3, measurements: 1, estimates: 2 });
    expect(await projectCount(ownerA.company.id)).toBe(count);
    expect((await photoRows(session.id)).find((r) => r.id === late)?.projectId).toBe(first.body.projectId);
    expect(await projectKinds(first.body.projectId)).toEqual(['created', 'inspection_attached']);
    expect(await sessionKinds(ownerA, session.id)).toEqual(['converted', 'created', 'status_changed']);
  });

  it('two conversions at once make one claim file', async () => {
    const { session } = await sessionWithContents(ownerA, ownerA.company.id);
    const count = await projectCount(ownerA.company.id);
    const responses = await Promise.all([convert(ownerA, session.id, { mode: 'new' }), convert(memberA, session.id, { mode: 'new' })]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(responses[0]?.body.projectId).toBe(responses[1]?.body.projectId);
    expect(await projectCount(ownerA.company.id)).toBe(count + 1);
  });

  it('a session started from a claim file converts into that file', async () => {
    const project = await insertProjectRow(server.db, ownerA.company.id, { title: 'Existing claim', claimNumber: null });
    const session = await createSession(ownerA, {}, project.id);
    const count = await projectCount(ownerA.company.id);
    const response = await convert(ownerA, session.id, { mode: 'new' });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ projectId: project.id, created: false });
    expect(await projectCount(ownerA.company.id)).toBe(count);
  });

  it('at the plan limit answers 409 ACTIVE_FILE_LIMIT and writes nothing; attaching still works', async () => {
    const owner = await signedInOwner(server);
    await server.db.execute(sql`update companies set plan = 'starter', trial_ends_at = null where id = ${owner.company.id}`);
    for (let i = 0; i < 10; i++) await insertProjectRow(server.db, owner.company.id);
    const { session } = await sessionWithContents(owner, owner.company.id, { carrierId: null });
    const before = await snapshot(session.id);

    const response = await convert(owner, session.id, { mode: 'new' });
    expectError(response, 409, 'ACTIVE_FILE_LIMIT');
    expect(response.body).toMatchObject({
      error: { message: 'Your Starter plan allows up to 10 active files. Close or archive a claim file, or upgrade your plan on /pricing.' },
    });
    expect(await projectCount(owner.company.id)).toBe(10);
    expect(await snapshot(session.id)).toEqual(before);

    // An existing claim file takes no new slot.
    const [existing] = await server.db.select({ id: projects.id }).from(projects).where(eq(projects.companyId, owner.company.id)).limit(1);
    const attached = await convert(owner, session.id, { mode: 'attach', projectId: existing?.id });
    expect(attached.status, attached.text).toBe(200);
  });

  it('a failure halfway leaves nothing: no claim file, the session, photos and estimates as they were', async () => {
    const { session } = await sessionWithContents(ownerA, ownerA.company.id);
    const before = await snapshot(session.id);
    const count = await projectCount(ownerA.company.id);
    await server.db.execute(sql`create or replace function fail_photo_update() returns trigger language plpgsql as $$
      begin raise exception 'photo update refused by the test'; end $$`);
    await server.db.execute(sql`create trigger fail_photo_update before update on inspection_photos for each row execute function fail_photo_update()`);
    try {
      expectError(await convert(ownerA, session.id, { mode: 'new' }), 500, 'INTERNAL_ERROR');
    } finally {
      await server.db.execute(sql`drop trigger fail_photo_update on inspection_photos`);
      await server.db.execute(sql`drop function fail_photo_update()`);
    }
    expect(await projectCount(ownerA.company.id)).toBe(count);
    expect(await snapshot(session.id)).toEqual(before);
    expect(await sessionKinds(ownerA, session.id)).toEqual(['created']);
    // Nothing was left locked or half-written: the same conversion now succeeds.
    expect((await convert(ownerA, session.id, { mode: 'new' })).status).toBe(201);
  });
});

/** The key of the project's pipeline status (the default pipeline's: lead, inspected, approved...). */
async function statusKey(user: SignedUpUser, projectId: string): Promise<string | undefined> {
  const project = (await user.client.get<Project>(`/api/projects/${projectId}`)).body;
  const statuses = (await user.client.get<{ statuses: { id: string; key: string }[] }>('/api/project-statuses')).body.statuses;
  return statuses.find((s) => s.id === project.statusId)?.key;
}

async function statusIdOf(user: SignedUpUser, key: string): Promise<string> {
  const statuses = (await user.client.get<{ statuses: { id: string; key: string }[] }>('/api/project-statuses')).body.statuses;
  const found = statuses.find((s) => s.key === key);
  if (!found) throw new Error(`no status ${key}`);
  return found.id;
}

describe('the claim file moves on to Inspected', () => {
  it('a claim file made from an inspection starts in Inspected, with no extra timeline entry', async () => {
    const session = await createSession(ownerA);
    const response = await convert(ownerA, session.id, { mode: 'new' });
    expect(response.status, response.text).toBe(201);
    expect(await statusKey(ownerA, response.body.projectId)).toBe('inspected');
    expect(await projectKinds(response.body.projectId)).toEqual(['created', 'inspection_attached']);
  });

  it('the lead an inspection was started from moves from Lead to Inspected, once, with its status entry', async () => {
    const project = await insertProjectRow(server.db, ownerA.company.id, { title: 'Lead from a call', claimNumber: null });
    expect(await statusKey(ownerA, project.id)).toBe('lead');
    const session = await createSession(ownerA, {}, project.id);
    expect((await convert(ownerA, session.id, { mode: 'new' })).status).toBe(200);
    expect(await statusKey(ownerA, project.id)).toBe('inspected');
    const timeline = (await ownerA.client.get<ActivityList>(`/api/projects/${project.id}/activity`)).body.activity;
    expect(timeline.filter((e) => e.kind === 'status_changed').map((e) => [e.oldValue, e.newValue])).toEqual([['Lead', 'Inspected']]);

    // Moved back by hand, a second conversion of the same session leaves it where the office put it.
    expect((await ownerA.client.post(`/api/projects/${project.id}/status`, { statusId: await statusIdOf(ownerA, 'lead') })).status).toBe(200);
    expect((await convert(ownerA, session.id, { mode: 'new' })).status).toBe(200);
    expect(await statusKey(ownerA, project.id)).toBe('lead');
  });

  it('a claim file already further along (or closed) keeps its status when an inspection is attached', async () => {
    for (const key of ['approved', 'closed']) {
      const project = await insertProjectRow(server.db, ownerA.company.id, { statusId: await statusIdOf(ownerA, key), isActive: key !== 'closed' });
      const session = await createSession(ownerA);
      expect((await convert(ownerA, session.id, { mode: 'attach', projectId: project.id })).status).toBe(200);
      expect(await statusKey(ownerA, project.id), key).toBe(key);
      expect(await projectKinds(project.id)).not.toContain('status_changed');
    }
  });
});

describe('the carrier typed in the field', () => {
  it('is kept on the new claim file when the directory has no carrier of that name, and reaches the timeline and the claim', async () => {
    const session = await createSession(ownerA, { carrierId: null, carrierName: '  Prairie Farm Mutual ' });
    const response = await convert(ownerA, session.id, { mode: 'new' });
    expect(response.status, response.text).toBe(201);
    const project = (await ownerA.client.get<Project>(`/api/projects/${response.body.projectId}`)).body;
    expect(project).toMatchObject({ carrier: null, carrierName: 'Prairie Farm Mutual' });
    // The claim's documents name it (the packet's cover letter, the report cover).
    const defaults = await ownerA.client.get<{ values: Record<string, string> }>(`/api/reports/packet-defaults?projectId=${project.id}`);
    expect(defaults.status, defaults.text).toBe(200);
    expect(defaults.body.values.carrier_name).toBe('Prairie Farm Mutual');

    // Added to the directory later and set on the file: the directory's carrier replaces the typed name.
    const carrier = (await ownerA.client.post<{ id: string }>('/api/carriers', { name: 'Prairie Farm Mutual' })).body;
    const patched = await ownerA.client.patch<Project>(`/api/projects/${project.id}`, { carrierId: carrier.id });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toMatchObject({ carrier: { id: carrier.id, name: 'Prairie Farm Mutual' }, carrierName: null });
    const timeline = (await ownerA.client.get<ActivityList>(`/api/projects/${project.id}/activity`)).body.activity;
    expect(timeline.find((e) => e.kind === 'field_changed' && e.field === 'carrierId')).toMatchObject({
      oldValue: 'Prairie Farm Mutual',
      newValue: 'Prairie Farm Mutual',
    });
  });

  it('a name the directory has (in any case) is its carrier, not a typed name', async () => {
    const session = await createSession(ownerA, { carrierId: null, carrierName: 'granite MUTUAL' });
    const response = await convert(ownerA, session.id, { mode: 'new' });
    const project = (await ownerA.client.get<Project>(`/api/projects/${response.body.projectId}`)).body;
    expect(project).toMatchObject({ carrier: { id: carrierId, name: 'Granite Mutual' }, carrierName: null });
  });

  it('fills an attached claim file without a carrier, and never replaces one', async () => {
    const bare = await insertProjectRow(server.db, ownerA.company.id);
    const first = await createSession(ownerA, { carrierId: null, carrierName: 'Lone Star Casualty' });
    expect((await convert(ownerA, first.id, { mode: 'attach', projectId: bare.id })).status).toBe(200);
    expect((await ownerA.client.get<Project>(`/api/projects/${bare.id}`)).body).toMatchObject({ carrier: null, carrierName: 'Lone Star Casualty' });

    const withCarrier = await insertProjectRow(server.db, ownerA.company.id, { carrierId });
    const second = await createSession(ownerA, { carrierId: null, carrierName: 'Lone Star Casualty' });
    expect((await convert(ownerA, second.id, { mode: 'attach', projectId: withCarrier.id })).status).toBe(200);
    expect((await ownerA.client.get<Project>(`/api/projects/${withCarrier.id}`)).body).toMatchObject({ carrier: { id: carrierId }, carrierName: null });
  });
});

describe('attaching a session to an existing claim file', () => {
  it("fills only the file's empty fields, keeps the others, and moves the session's contents", async () => {
    const project = await insertProjectRow(server.db, ownerA.company.id, {
      title: 'Hank roof',
      homeownerName: 'Henry Owner',
      street: '12 Hail Lane',
      claimNumber: 'CLM-OLD',
      rcvCents: 500_000,
      lossType: 'other',
      lossTypeSource: 'classified',
    });
    const { session, photos } = await sessionWithContents(ownerA, ownerA.company.id);
    const response = await convert(ownerA, session.id, { mode: 'attach', projectId: project.id });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ projectId: project.id, created: false, photos: 2, measurements: 1, estimates: 2 });

    const after = (await ownerA.client.get<Project>(`/api/projects/${project.id}`)).body;
    expect(after).toMatchObject({
      // Kept.
      title: 'Hank roof',
      homeownerName: 'Henry Owner',
      street: '12 Hail Lane',
      claimNumber: 'CLM-OLD',
      rcvCents: 500_000,
      // Filled.
      city: 'Denton',
      policyNumber: 'POL-77',
      homeownerPhone: '+1 555 010 4040',
      dateOfLoss: '2026-05-20',
      deductibleCents: 150_000,
      carrier: { id: carrierId },
      adjuster: { id: adjusterId },
      acvCents: 1_000_000,
      depreciationCents: 200_000,
      lossType: 'hail',
    });
    expect((await photoRows(session.id)).every((r) => r.projectId === project.id && photos.includes(r.id))).toBe(true);
    const timeline = (await ownerA.client.get<ActivityList>(`/api/projects/${project.id}/activity`)).body.activity;
    expect(timeline.filter((e) => e.kind === 'field_changed').map((e) => e.field)).toContain('policyNumber');
    expect(timeline.filter((e) => e.kind === 'field_changed').map((e) => e.field)).not.toContain('claimNumber');
    expect(timeline.filter((e) => e.kind === 'inspection_attached')).toHaveLength(1);
    expect(await sessionRow(session.id)).toMatchObject({ projectId: project.id, status: 'completed' });
  });
});

describe('tenant isolation and bad input', () => {
  it("another company's session or claim file is not found (404), and nothing changes", async () => {
    const { session } = await sessionWithContents(ownerA, ownerA.company.id);
    const projectB = await insertProjectRow(server.db, ownerB.company.id);
    const before = await snapshot(session.id);
    const countB = await projectCount(ownerB.company.id);
    expectError(await convert(ownerB, session.id, { mode: 'new' }), 404, 'NOT_FOUND');
    expectError(await convert(ownerB, session.id, { mode: 'attach', projectId: projectB.id }), 404, 'NOT_FOUND');
    expectError(await convert(ownerA, session.id, { mode: 'attach', projectId: projectB.id }), 404, 'NOT_FOUND');
    expect(await snapshot(session.id)).toEqual(before);
    expect(await projectCount(ownerB.company.id)).toBe(countB);
    expect(await projectKinds(projectB.id)).toEqual([]);
  });

  it('refuses bad bodies and ids with 400, writing nothing', async () => {
    const session = await createSession(ownerA);
    const before = await snapshot(session.id);
    for (const body of [{}, { mode: 'attach' }, { mode: 'attach', projectId: 'not-a-uuid' }, { mode: 'merge' }, { projectId: randomUUID() }, null, []]) {
      expectError(await convert(ownerA, session.id, body), 400, 'VALIDATION_ERROR');
    }
    expectError(await convert(ownerA, 'not-a-uuid', { mode: 'new' }), 400, 'VALIDATION_ERROR');
    expectError(await convert(ownerA, randomUUID(), { mode: 'new' }), 404, 'NOT_FOUND');
    expectError(await server.client().post(`/api/inspections/${session.id}/convert`, { mode: 'new' }), 401, 'UNAUTHENTICATED');
    expect(await snapshot(session.id)).toEqual(before);
  });
});
