import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Adjuster, AdjusterList, Carrier, CarrierDetail, CarrierList } from '@ridgeline/shared/contracts/carriers';
import { adjusters, carriers, projects } from '../../infra/db/schema/index';
import { insertProjectRow, signedInOwner, signedInUser } from '../../test/factories';
import type { TestResponse } from '../../test/test-client';
import type { SignedUpUser } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';

const server = useTestServer();
let ownerA: Awaited<ReturnType<typeof signedInOwner>>;
let memberA: SignedUpUser;
let ownerB: Awaited<ReturnType<typeof signedInOwner>>;

beforeAll(async () => {
  ownerA = await signedInOwner(server, { name: 'Alpha Roofing' });
  memberA = await signedInUser(server, { company: ownerA.company, role: 'member' });
  ownerB = await signedInOwner(server, { name: 'Bravo Siding' });
});

async function createCarrier(user: SignedUpUser, body: Record<string, unknown>): Promise<Carrier> {
  const response = await user.client.post<Carrier>('/api/carriers', body);
  expect(response.status, response.text).toBe(201);
  return response.body;
}

async function createAdjuster(user: SignedUpUser, body: Record<string, unknown>): Promise<Adjuster> {
  const response = await user.client.post<Adjuster>('/api/adjusters', body);
  expect(response.status, response.text).toBe(201);
  return response.body;
}

function expectError(response: TestResponse, status: number, code: string) {
  expect(response.status, response.text).toBe(status);
  expect(response.body).toMatchObject({ error: { code, message: expect.any(String), timestamp: expect.any(String), requestId: expect.any(String) } });
}

const directoryOf = async (companyId: string) => ({
  carriers: await server.db.select().from(carriers).where(eq(carriers.companyId, companyId)).orderBy(carriers.id),
  adjusters: await server.db.select().from(adjusters).where(eq(adjusters.companyId, companyId)).orderBy(adjusters.id),
});

describe('carriers', () => {
  it('adds, lists (searching the name in any case), edits and shows a carrier with its adjusters and projects', async () => {
    const created = await createCarrier(ownerA, {
      name: 'State Farm',
      claimsPhone: '+1 800 732 5246',
      claimsEmail: 'Claims@StateFarm.example',
      portalUrl: 'https://claims.statefarm.example',
      notes: 'Ask for the desk adjuster',
    });
    expect(created).toEqual({
      id: expect.any(String),
      name: 'State Farm',
      claimsPhone: '+1 800 732 5246',
      claimsEmail: 'claims@statefarm.example',
      portalUrl: 'https://claims.statefarm.example',
      notes: 'Ask for the desk adjuster',
      projectCount: 0,
      adjusterCount: 0,
      createdBy: ownerA.me.id,
    });
    // A member adds to the directory too; empty contact fields are stored as nothing.
    const allstate = await createCarrier(memberA, { name: 'Allstate', claimsPhone: '', claimsEmail: '', portalUrl: '' });
    expect(allstate).toMatchObject({ claimsPhone: null, claimsEmail: null, portalUrl: null, notes: null });
    await createCarrier(ownerA, { name: 'farmers mutual' });

    const all = await ownerA.client.get<CarrierList>('/api/carriers');
    expect(all.status).toBe(200);
    expect(all.body.carriers.map((c) => c.name)).toEqual(['Allstate', 'farmers mutual', 'State Farm']);
    const farm = await memberA.client.get<CarrierList>('/api/carriers?q=FARM');
    expect(farm.body.carriers.map((c) => c.name)).toEqual(['farmers mutual', 'State Farm']);
    const wildcard = await ownerA.client.get<CarrierList>('/api/carriers?q=%25');
    expect(wildcard.body.carriers).toEqual([]);

    const jane = await createAdjuster(ownerA, { name: 'Jane Hail', phone: '555-0101', email: 'jane@sf.example', carrierId: created.id });
    expect(jane).toMatchObject({ name: 'Jane Hail', carrier: { id: created.id, name: 'State Farm' }, notes: null });
    await createAdjuster(ownerA, { name: 'Other Adjuster', carrierId: allstate.id });
    const older = await insertProjectRow(server.db, ownerA.company.id, {
      carrierId: created.id,
      createdAt: new Date('2026-01-01T00:00:00Z'),
      assigneeId: ownerA.me.id,
    });
    const newer = await insertProjectRow(server.db, ownerA.company.id, {
      carrierId: created.id,
      createdAt: new Date('2026-02-01T00:00:00Z'),
      claimNumber: 'CLM-1',
    });
    await insertProjectRow(server.db, ownerA.company.id, { carrierId: allstate.id });

    const detail = await memberA.client.get<CarrierDetail>(`/api/carriers/${created.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.carrier).toMatchObject({ id: created.id, projectCount: 2, adjusterCount: 1 });
    expect(detail.body.adjusters.map((a) => a.id)).toEqual([jane.id]);
    expect(detail.body.projects.map((p) => p.id)).toEqual([newer.id, older.id]);
    expect(detail.body.projects[0]).toMatchObject({
      claimNumber: 'CLM-1',
      carrier: { id: created.id, name: 'State Farm' },
      assignee: null,
      isActive: true,
      lossType: 'other',
    });
    expect(detail.body.projects[1]?.assignee).toEqual({ id: ownerA.me.id, name: 'Robin Slate' });

    const renamed = await ownerA.client.patch<Carrier>(`/api/carriers/${created.id}`, { name: 'State Farm Insurance', notes: null, claimsEmail: '' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'State Farm Insurance', notes: null, claimsEmail: null, claimsPhone: '+1 800 732 5246', projectCount: 2 });
  });

  it('refuses a name already in the directory in any case (409 CARRIER_EXISTS), on add, on rename and when two race', async () => {
    const first = await createCarrier(ownerA, { name: 'Liberty Mutual' });
    const second = await createCarrier(ownerA, { name: 'Travelers' });
    const before = await directoryOf(ownerA.company.id);
    expectError(await ownerA.client.post('/api/carriers', { name: 'LIBERTY mutual' }), 409, 'CARRIER_EXISTS');
    expectError(await ownerA.client.post('/api/carriers', { name: '  liberty mutual ' }), 409, 'CARRIER_EXISTS');
    expectError(await ownerA.client.patch(`/api/carriers/${second.id}`, { name: 'liberty MUTUAL' }), 409, 'CARRIER_EXISTS');
    expect(await directoryOf(ownerA.company.id)).toEqual(before);
    // Renaming a carrier to another case of its own name is a change, not a duplicate.
    expect((await ownerA.client.patch<Carrier>(`/api/carriers/${first.id}`, { name: 'LIBERTY MUTUAL' })).body.name).toBe('LIBERTY MUTUAL');

    const race = await Promise.all([1, 2, 3].map(() => ownerA.client.post('/api/carriers', { name: 'Nationwide' })));
    expect(race.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    // Another company may use the same name.
    await createCarrier(ownerB, { name: 'Nationwide' });
  });

  it('refuses bad input with a 400 and writes nothing', async () => {
    const carrier = await createCarrier(ownerA, { name: 'Bad Input Mutual' });
    const before = await directoryOf(ownerA.company.id);
    const bad: Array<[string, string, Record<string, unknown> | undefined]> = [
      ['POST', '/api/carriers', {}],
      ['POST', '/api/carriers', { name: '' }],
      ['POST', '/api/carriers', { name: 'x'.repeat(121) }],
      ['POST', '/api/carriers', { name: 'Ok', claimsEmail: 'not-an-email' }],
      ['POST', '/api/carriers', { name: 'Ok', portalUrl: 'ftp://portal.example' }],
      ['POST', '/api/carriers', { name: 'Ok', portalUrl: 'javascript:alert(1)' }],
      ['POST', '/api/carriers', { name: 'Ok', notes: 'x'.repeat(2001) }],
      ['POST', '/api/carriers', { name: 42 }],
      ['PATCH', `/api/carriers/${carrier.id}`, {}],
      ['PATCH', `/api/carriers/${carrier.id}`, { name: '' }],
      ['PATCH', `/api/carriers/${carrier.id}`, { claimsPhone: 'call me' }],
      ['PATCH', '/api/carriers/not-a-uuid', { name: 'x' }],
      ['POST', '/api/adjusters', {}],
      ['POST', '/api/adjusters', { name: 'Ann', carrierId: 'nope' }],
      ['POST', '/api/adjusters', { name: 'Ann', email: 'ann@' }],
      ['PATCH', '/api/adjusters/not-a-uuid', { name: 'x' }],
    ];
    for (const [method, path, json] of bad) expectError(await ownerA.client.request(method, path, { json }), 400, 'VALIDATION_ERROR');
    expectError(await ownerA.client.get('/api/carriers/not-a-uuid'), 400, 'VALIDATION_ERROR');
    expectError(await ownerA.client.delete('/api/carriers/not-a-uuid'), 400, 'VALIDATION_ERROR');
    expectError(await ownerA.client.get(`/api/carriers?q=${'x'.repeat(121)}`), 400, 'VALIDATION_ERROR');
    expectError(await ownerA.client.get('/api/adjusters?carrierId=nope'), 400, 'VALIDATION_ERROR');
    expectError(await ownerA.client.request('POST', '/api/carriers', { body: '{"name":' }), 400, 'VALIDATION_ERROR');

    const unknown = '00000000-0000-4000-8000-000000000000';
    expectError(await ownerA.client.get(`/api/carriers/${unknown}`), 404, 'NOT_FOUND');
    expectError(await ownerA.client.patch(`/api/carriers/${unknown}`, { name: 'x' }), 404, 'NOT_FOUND');
    expectError(await ownerA.client.delete(`/api/carriers/${unknown}`), 404, 'NOT_FOUND');
    expectError(await ownerA.client.patch(`/api/adjusters/${unknown}`, { name: 'x' }), 404, 'NOT_FOUND');
    expectError(await ownerA.client.delete(`/api/adjusters/${unknown}`), 404, 'NOT_FOUND');
    // An adjuster's carrier must exist in the directory.
    expectError(await ownerA.client.post('/api/adjusters', { name: 'Ann', carrierId: unknown }), 400, 'VALIDATION_ERROR');
    expect(await directoryOf(ownerA.company.id)).toEqual(before);

    expectError(await server.client().get('/api/carriers'), 401, 'UNAUTHENTICATED');
    expectError(await server.client().get('/api/adjusters'), 401, 'UNAUTHENTICATED');
  });

  it('lists, edits and deletes adjusters; filters by carrier and searches name and e-mail', async () => {
    const zurich = await createCarrier(ownerA, { name: 'Zurich' });
    const chubb = await createCarrier(ownerA, { name: 'Chubb' });
    const bob = await createAdjuster(memberA, { name: 'Bob Field', email: 'bob@zurich.example', carrierId: zurich.id, notes: 'Prefers mornings' });
    const cara = await createAdjuster(ownerA, { name: 'Cara Desk', carrierId: chubb.id });
    const independent = await createAdjuster(ownerA, { name: 'Indy Pendent' });
    expect(independent.carrier).toBeNull();

    const byCarrier = await ownerA.client.get<AdjusterList>(`/api/adjusters?carrierId=${zurich.id}`);
    expect(byCarrier.body.adjusters.map((a) => a.id)).toEqual([bob.id]);
    const byEmail = await ownerA.client.get<AdjusterList>('/api/adjusters?q=ZURICH.example');
    expect(byEmail.body.adjusters.map((a) => a.id)).toEqual([bob.id]);
    const all = await ownerA.client.get<AdjusterList>('/api/adjusters');
    expect(all.body.adjusters.map((a) => a.id)).toEqual(expect.arrayContaining([bob.id, cara.id, independent.id]));

    const moved = await memberA.client.patch<Adjuster>(`/api/adjusters/${bob.id}`, { carrierId: chubb.id, phone: '555 0199' });
    expect(moved.body).toMatchObject({ id: bob.id, phone: '555 0199', notes: 'Prefers mornings', carrier: { id: chubb.id, name: 'Chubb' } });
    const unlinked = await ownerA.client.patch<Adjuster>(`/api/adjusters/${bob.id}`, { carrierId: null, email: '' });
    expect(unlinked.body).toMatchObject({ carrier: null, email: null });

    const project = await insertProjectRow(server.db, ownerA.company.id, { adjusterId: cara.id, carrierId: chubb.id });
    expect((await ownerA.client.delete(`/api/adjusters/${cara.id}`)).status).toBe(204);
    expectError(await ownerA.client.patch(`/api/adjusters/${cara.id}`, { name: 'Gone' }), 404, 'NOT_FOUND');
    const [kept] = await server.db.select().from(projects).where(eq(projects.id, project.id));
    expect(kept).toMatchObject({ adjusterId: null, carrierId: chubb.id });
  });

  it('never answers 500 when a carrier is deleted while an adjuster is being linked to it', async () => {
    for (let round = 0; round < 5; round += 1) {
      const doomed = await createCarrier(ownerA, { name: `Doomed ${round}` });
      const [created, deleted] = await Promise.all([
        memberA.client.post<Adjuster>('/api/adjusters', { name: `Racer ${round}`, carrierId: doomed.id }),
        ownerA.client.delete(`/api/carriers/${doomed.id}`),
      ]);
      expect(deleted.status).toBe(204);
      expect([201, 400], created.text).toContain(created.status);
      if (created.status === 201) {
        const [row] = await server.db.select().from(adjusters).where(eq(adjusters.id, created.body.id));
        expect(row?.carrierId).toBeNull();
      }
    }
  });

  it("lists a carrier's newest 100 projects on its page, and counts them all", async () => {
    const busy = await createCarrier(ownerA, { name: 'Busy Carrier' });
    const [status] = await server.db.select({ id: projects.statusId }).from(projects).where(eq(projects.companyId, ownerA.company.id)).limit(1);
    if (!status) throw new Error('no project yet');
    await server.db.insert(projects).values(
      Array.from({ length: 101 }, (_, i) => ({
        companyId: ownerA.company.id,
        title: `Busy ${i}`,
        homeownerName: `Owner ${i}`,
        street: `${i} Busy St`,
        statusId: status.id,
        carrierId: busy.id,
        createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)),
      })),
    );
    const detail = await ownerA.client.get<CarrierDetail>(`/api/carriers/${busy.id}`);
    expect(detail.body.carrier.projectCount).toBe(101);
    expect(detail.body.projects).toHaveLength(100);
    expect(detail.body.projects[0]?.title).toBe('Busy 100');
    expect(detail.body.projects.map((p) => p.title)).not.toContain('Busy 0');
  });

  it('deletes a carrier; its projects and adjusters stay, without a carrier', async () => {
    const hanover = await createCarrier(memberA, { name: 'Hanover' });
    const adjuster = await createAdjuster(ownerA, { name: 'Hana Over', carrierId: hanover.id });
    const project = await insertProjectRow(server.db, ownerA.company.id, { carrierId: hanover.id });
    // Deleting is the office's, even of a carrier the member added (see the roles below).
    expectError(await memberA.client.delete(`/api/carriers/${hanover.id}`), 403, 'FORBIDDEN');
    expect((await ownerA.client.delete(`/api/carriers/${hanover.id}`)).status).toBe(204);
    expectError(await ownerA.client.get(`/api/carriers/${hanover.id}`), 404, 'NOT_FOUND');
    const [keptProject] = await server.db.select().from(projects).where(eq(projects.id, project.id));
    expect(keptProject?.carrierId).toBeNull();
    const [keptAdjuster] = await server.db.select().from(adjusters).where(eq(adjusters.id, adjuster.id));
    expect(keptAdjuster?.carrierId).toBeNull();
  });
});

describe('who may change the directory', () => {
  let managerA: SignedUpUser;
  let otherMemberA: SignedUpUser;
  beforeAll(async () => {
    managerA = await signedInUser(server, { company: ownerA.company, role: 'manager' });
    otherMemberA = await signedInUser(server, { company: ownerA.company, role: 'member' });
  });

  it("lets a member change the carriers and adjusters they added, and nobody else's", async () => {
    const mine = await createCarrier(memberA, { name: 'Member Mutual' });
    const myAdjuster = await createAdjuster(memberA, { name: 'Mina Met', carrierId: mine.id });
    expect(mine.createdBy).toBe(memberA.me.id);
    expect(myAdjuster.createdBy).toBe(memberA.me.id);
    expect((await memberA.client.patch<Carrier>(`/api/carriers/${mine.id}`, { notes: 'Met at the Smith roof' })).body.notes).toBe('Met at the Smith roof');
    expect((await memberA.client.patch<Adjuster>(`/api/adjusters/${myAdjuster.id}`, { phone: '555 0142' })).body.phone).toBe('555 0142');

    const theirs = await createCarrier(ownerA, { name: 'Office Mutual' });
    const theirAdjuster = await createAdjuster(otherMemberA, { name: 'Colin League', carrierId: theirs.id });
    const before = await directoryOf(ownerA.company.id);
    expectError(await memberA.client.patch(`/api/carriers/${theirs.id}`, { name: 'Renamed by a member' }), 403, 'FORBIDDEN');
    expectError(await memberA.client.patch(`/api/adjusters/${theirAdjuster.id}`, { name: 'Renamed by a member' }), 403, 'FORBIDDEN');
    // An entry nobody is recorded for (added before the rule) is the office's to change.
    await server.db.update(carriers).set({ createdBy: null }).where(eq(carriers.id, mine.id));
    expectError(await memberA.client.patch(`/api/carriers/${mine.id}`, { notes: 'Again' }), 403, 'FORBIDDEN');
    await server.db.update(carriers).set({ createdBy: memberA.me.id }).where(eq(carriers.id, mine.id));
    expect(await directoryOf(ownerA.company.id)).toEqual(before);

    // Owners and managers change anyone's.
    expect((await managerA.client.patch<Carrier>(`/api/carriers/${mine.id}`, { notes: 'Checked by the office' })).status).toBe(200);
    expect((await ownerA.client.patch<Adjuster>(`/api/adjusters/${theirAdjuster.id}`, { notes: 'Prefers texts' })).status).toBe(200);
  });

  it('lets only owners and managers delete carriers and adjusters, whoever added them; a refused delete removes nothing', async () => {
    const carrier = await createCarrier(memberA, { name: 'Deletable Mutual' });
    const adjuster = await createAdjuster(memberA, { name: 'Del Eted', carrierId: carrier.id });
    const project = await insertProjectRow(server.db, ownerA.company.id, { carrierId: carrier.id, adjusterId: adjuster.id });
    const before = await directoryOf(ownerA.company.id);
    const refusals = [await memberA.client.delete(`/api/adjusters/${adjuster.id}`), await memberA.client.delete(`/api/carriers/${carrier.id}`)];
    for (const response of refusals) {
      expectError(response, 403, 'FORBIDDEN');
      expect((response.body as { error: { message: string } }).error.message).toMatch(
        /^Only company owners and managers can delete an? (carrier|adjuster) from the directory\.$/,
      );
    }
    expect(await directoryOf(ownerA.company.id)).toEqual(before);
    expect((await server.db.select().from(projects).where(eq(projects.id, project.id)))[0]).toMatchObject({ carrierId: carrier.id, adjusterId: adjuster.id });

    expect((await managerA.client.delete(`/api/adjusters/${adjuster.id}`)).status).toBe(204);
    expect((await managerA.client.delete(`/api/carriers/${carrier.id}`)).status).toBe(204);
  });
});

describe('carrier directory tenant isolation', () => {
  it("answers 404 to another company's user on every carrier and adjuster id, and changes nothing", async () => {
    const carrier = await createCarrier(ownerA, { name: 'Secret Carrier', notes: 'Alpha only' });
    const adjuster = await createAdjuster(ownerA, { name: 'Secret Adjuster', carrierId: carrier.id });
    await insertProjectRow(server.db, ownerA.company.id, { carrierId: carrier.id, homeownerName: 'Alpha Homeowner' });
    const before = await directoryOf(ownerA.company.id);
    const detailBefore = (await ownerA.client.get<CarrierDetail>(`/api/carriers/${carrier.id}`)).body;

    const b = ownerB.client;
    const refusals = [
      await b.get(`/api/carriers/${carrier.id}`),
      await b.patch(`/api/carriers/${carrier.id}`, { name: 'Taken over' }),
      await b.delete(`/api/carriers/${carrier.id}`),
      await b.patch(`/api/adjusters/${adjuster.id}`, { name: 'Taken over' }),
      await b.delete(`/api/adjusters/${adjuster.id}`),
    ];
    for (const response of refusals) {
      expectError(response, 404, 'NOT_FOUND');
      for (const secret of ['Secret Carrier', 'Secret Adjuster', 'Alpha']) expect(response.text).not.toContain(secret);
    }
    // A's carrier cannot be given to B's adjusters either.
    expectError(await b.post('/api/adjusters', { name: 'Bravo Adjuster', carrierId: carrier.id }), 400, 'VALIDATION_ERROR');
    const own = await createAdjuster(ownerB, { name: 'Bravo Adjuster' });
    expectError(await b.patch(`/api/adjusters/${own.id}`, { carrierId: carrier.id }), 400, 'VALIDATION_ERROR');

    // B's lists show only B's directory, whatever the filter.
    const bCarriers = (await b.get<CarrierList>('/api/carriers?q=Secret')).body.carriers;
    expect(bCarriers).toEqual([]);
    const bAdjusters = (await b.get<AdjusterList>(`/api/adjusters?carrierId=${carrier.id}`)).body.adjusters;
    expect(bAdjusters).toEqual([]);
    expect((await b.get<AdjusterList>('/api/adjusters')).body.adjusters.map((a) => a.id)).toEqual([own.id]);

    expect(await directoryOf(ownerA.company.id)).toEqual(before);
    expect((await ownerA.client.get<CarrierDetail>(`/api/carriers/${carrier.id}`)).body).toEqual(detailBefore);
    const [bOwn] = await server.db.select().from(adjusters).where(eq(adjusters.id, own.id));
    expect(bOwn?.carrierId).toBeNull();
  });

  it("does not count or list another company's projects under a carrier", async () => {
    const carrier = await createCarrier(ownerA, { name: 'Counted Carrier' });
    // A row of B pointing at A's carrier (never written by the API) is neither counted nor listed for A.
    await insertProjectRow(server.db, ownerB.company.id, { carrierId: carrier.id });
    const detail = await ownerA.client.get<CarrierDetail>(`/api/carriers/${carrier.id}`);
    expect(detail.body.carrier.projectCount).toBe(0);
    expect(detail.body.projects).toEqual([]);
  });
});
