import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { InspectionActivityList, InspectionList, InspectionSession } from '@ridgeline/shared/contracts/inspections';
import type { CapturePhase } from '@ridgeline/shared/domain/field-capture';
import { adjusters, carriers, inspectionActivity, inspectionPhotos, inspectionSessions } from '../../infra/db/schema/index';
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
  memberA = await signedInUser(server, { company: ownerA.company, role: 'member', firstName: 'Mia', lastName: 'Member' });
  ownerB = await signedInOwner(server, { name: 'Bravo Siding' });
});

/** Client edit times: minutes after a fixed past moment. */
const at = (minute: number) => new Date(Date.UTC(2026, 5, 1, 12, minute)).toISOString();

async function createSession(user: SignedUpUser, body: Record<string, unknown>, status = 201): Promise<InspectionSession> {
  const response = await user.client.post<InspectionSession>('/api/inspections', { id: randomUUID(), editedAt: at(0), ...body });
  expect(response.status, response.text).toBe(status);
  return response.body;
}

async function patch(user: SignedUpUser, id: string, body: Record<string, unknown>): Promise<InspectionSession> {
  const response = await user.client.patch<InspectionSession>(`/api/inspections/${id}`, body);
  expect(response.status, response.text).toBe(200);
  return response.body;
}

async function timeline(user: SignedUpUser, id: string) {
  const response = await user.client.get<InspectionActivityList>(`/api/inspections/${id}/activity`);
  expect(response.status, response.text).toBe(200);
  // Oldest first, easier to read. Entries of one write share its time and have no order among
  // themselves, so within one time they are sorted by kind, then field.
  const key = (e: InspectionActivityList['entries'][number]) => `${e.createdAt} ${e.kind} ${e.field ?? ''}`;
  return [...response.body.entries].sort((a, b) => key(a).localeCompare(key(b)));
}

function expectNotFound(response: TestResponse) {
  expect(response.status, response.text).toBe(404);
  expect(response.body).toMatchObject({ error: { code: 'NOT_FOUND', message: expect.any(String), requestId: expect.any(String) } });
}

const sessionRows = (id: string) => server.db.select().from(inspectionSessions).where(eq(inspectionSessions.id, id));
const activityRows = (id: string) => server.db.select().from(inspectionActivity).where(eq(inspectionActivity.sessionId, id));

describe('creating a session with the client id', () => {
  it('creates once (201) and applies the same id again as an update (200): one row, one created entry', async () => {
    const id = randomUUID();
    const body = {
      id,
      editedAt: at(1),
      fields: {
        street: '12 Hail Ln',
        city: 'Denton',
        state: 'TX',
        zip: '76201',
        homeownerName: 'Hank Owner',
        homeownerPhone: '',
        dateOfLoss: '2026-05-20',
        lossDescription: 'Hail and wind tore the ridge cap',
        structures: [{ id: 'main', name: 'Main house', kind: 'main_house', areas: ['roof', 'front'], slopes: [{ direction: 'N', testSquareHits: null }] }],
      },
    };
    const first = await ownerA.client.post<InspectionSession>('/api/inspections', body);
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({
      id,
      projectId: null,
      status: 'in_progress',
      inspector: { id: ownerA.me.id, name: 'Robin Slate' },
      createdBy: { id: ownerA.me.id, name: 'Robin Slate' },
      street: '12 Hail Ln',
      homeownerPhone: null,
      lossType: 'hail_wind',
      lossTypeSource: 'classified',
      structures: body.fields.structures,
      photoCount: 0,
      photosByPhase: {},
      completedAt: null,
    });
    expect(first.body.fieldEditedAt).toMatchObject({ street: at(1), structures: at(1), lossDescription: at(1) });

    // The same creation replayed (a lost response, a second sync): same session, nothing new in its timeline.
    const replay = await ownerA.client.post<InspectionSession>('/api/inspections', body);
    expect(replay.status, replay.text).toBe(200);
    expect(replay.body).toEqual(first.body);

    // The same id with newer fields: applied as an update.
    const again = await ownerA.client.post<InspectionSession>('/api/inspections', { id, editedAt: at(2), fields: { street: '14 Hail Ln' } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id, street: '14 Hail Ln', city: 'Denton', homeownerName: 'Hank Owner' });

    expect(await sessionRows(id)).toHaveLength(1);
    const entries = await timeline(ownerA, id);
    expect(entries.map((e) => [e.kind, e.field, e.oldValue, e.newValue])).toEqual([
      ['created', null, null, null],
      ['field_changed', 'street', '12 Hail Ln', '14 Hail Ln'],
    ]);
    expect(entries[0]).toMatchObject({ body: '12 Hail Ln', actor: { id: ownerA.me.id, name: 'Robin Slate' } });
  });

  it('makes one session of two creations racing with the same id', async () => {
    const id = randomUUID();
    const results = await Promise.all(
      [1, 2, 3].map((n) => ownerA.client.post<InspectionSession>('/api/inspections', { id, editedAt: at(n), fields: { street: `${n} Race St` } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(await sessionRows(id)).toHaveLength(1);
    // Whatever the arrival order, the latest edit is the one kept.
    expect((await ownerA.client.get<InspectionSession>(`/api/inspections/${id}`)).body.street).toBe('3 Race St');
    expect((await timeline(ownerA, id)).filter((e) => e.kind === 'created')).toHaveLength(1);
  });

  it('ends the same when a queue of offline writes is synced, then synced again after a lost response', async () => {
    const id = randomUUID();
    // Written on a phone with no signal, in this order, and queued.
    const queue: [string, string, Record<string, unknown>][] = [
      ['POST', '/api/inspections', { id, editedAt: at(1), fields: { street: '20 Offline Rd', lossDescription: 'Wind damage' } }],
      ['PATCH', `/api/inspections/${id}`, { editedAt: at(3), fields: { homeownerName: 'Olive Offline' } }],
      [
        'PATCH',
        `/api/inspections/${id}`,
        {
          editedAt: at(5),
          fields: { structures: [{ id: 'garage', name: 'Garage', kind: 'detached_garage', areas: ['roof'], slopes: [{ direction: 'S', testSquareHits: 7 }] }] },
        },
      ],
      ['PATCH', `/api/inspections/${id}`, { editedAt: at(7), fields: { status: 'completed' } }],
    ];
    const sync = async () => {
      for (const [method, path, body] of queue) {
        const response = await memberA.client.request(method, path, { json: body });
        expect(response.status, response.text).toBeLessThan(300);
      }
    };
    await sync();
    const once = (await memberA.client.get<InspectionSession>(`/api/inspections/${id}`)).body;
    const entries = await activityRows(id);
    // The last answer was lost: the phone sends the whole queue again.
    await sync();
    expect((await memberA.client.get<InspectionSession>(`/api/inspections/${id}`)).body).toEqual(once);
    expect(await activityRows(id)).toHaveLength(entries.length);
    expect(once).toMatchObject({
      street: '20 Offline Rd',
      homeownerName: 'Olive Offline',
      lossType: 'wind',
      status: 'completed',
      structures: [{ id: 'garage' }],
    });
  });

  it('answers 404 for an id another company has, and changes nothing there', async () => {
    const theirs = await createSession(ownerB, { fields: { street: '1 Bravo Way', notes: 'Private' } });
    const before = { rows: await sessionRows(theirs.id), activity: await activityRows(theirs.id) };
    expectNotFound(await ownerA.client.post('/api/inspections', { id: theirs.id, editedAt: at(59), fields: { street: 'Hijacked', notes: null } }));
    expect(await sessionRows(theirs.id)).toEqual(before.rows);
    expect(await activityRows(theirs.id)).toEqual(before.activity);
  });
});

describe('later edit wins, per field', () => {
  it('keeps the later edit whichever device arrives first, and the timeline keeps the loser', async () => {
    const early = { editedAt: at(10), fields: { street: '5 Early Rd', notes: 'Phone B' } };
    const late = { editedAt: at(20), fields: { street: '7 Late Rd' } };

    // Arrival in edit order: the later edit overwrites; the timeline has the value it replaced.
    const inOrder = await createSession(ownerA, { fields: { street: '1 First St' } });
    await patch(ownerA, inOrder.id, early);
    const inOrderEnd = await patch(memberA, inOrder.id, late);
    expect(inOrderEnd).toMatchObject({ street: '7 Late Rd', notes: 'Phone B' });
    expect((await timeline(ownerA, inOrder.id)).map((e) => [e.kind, e.field, e.oldValue, e.newValue])).toEqual([
      ['created', null, null, null],
      ['field_changed', 'notes', null, 'Phone B'],
      ['field_changed', 'street', '1 First St', '5 Early Rd'],
      ['field_changed', 'street', '5 Early Rd', '7 Late Rd'],
    ]);

    // Arrival out of order: the earlier edit comes too late for the street (kept as superseded), but
    // its notes, a field nobody edited since, are applied.
    const outOfOrder = await createSession(ownerA, { fields: { street: '1 First St' } });
    await patch(memberA, outOfOrder.id, late);
    const outOfOrderEnd = await patch(ownerA, outOfOrder.id, early);
    expect(outOfOrderEnd).toMatchObject({ street: '7 Late Rd', notes: 'Phone B' });
    expect(outOfOrderEnd.fieldEditedAt).toMatchObject({ street: at(20), notes: at(10) });
    const entries = await timeline(ownerA, outOfOrder.id);
    expect(entries.map((e) => [e.kind, e.field, e.oldValue, e.newValue])).toEqual([
      ['created', null, null, null],
      ['field_changed', 'street', '1 First St', '7 Late Rd'],
      ['edit_superseded', 'street', '7 Late Rd', '5 Early Rd'],
      ['field_changed', 'notes', null, 'Phone B'],
    ]);
    expect(entries.find((e) => e.kind === 'edit_superseded')?.actor).toEqual({ id: ownerA.me.id, name: 'Robin Slate' });

    // Both orders end the same.
    const pick = (s: InspectionSession) => ({ street: s.street, notes: s.notes, fieldEditedAt: s.fieldEditedAt });
    expect(pick(outOfOrderEnd)).toEqual(pick(inOrderEnd));
  });

  it('takes per-field edit times, lets an equal time win, and writes nothing for unchanged values', async () => {
    const session = await createSession(ownerA, { editedAt: at(5), fields: { street: '9 Oak St', city: 'Plano' } });
    // One queued write holding edits made at different times.
    const queued = await patch(ownerA, session.id, {
      editedAt: at(30),
      fieldEditedAt: { city: at(4) },
      fields: { street: '9 Oak Street', city: 'Frisco', zip: '75034' },
    });
    expect(queued).toMatchObject({ street: '9 Oak Street', city: 'Plano', zip: '75034' });
    // The same time as the stored edit wins; the same value again writes nothing.
    const tie = await patch(memberA, session.id, { editedAt: at(30), fields: { street: '11 Oak St', zip: '75034' } });
    expect(tie).toMatchObject({ street: '11 Oak St', zip: '75034' });
    const entries = await timeline(ownerA, session.id);
    expect(entries.filter((e) => e.field === 'zip')).toHaveLength(1);
    expect(entries.filter((e) => e.kind === 'edit_superseded').map((e) => [e.field, e.oldValue, e.newValue])).toEqual([['city', 'Plano', 'Frisco']]);
    expect(entries.filter((e) => e.field === 'street').map((e) => e.newValue)).toEqual(['9 Oak Street', '11 Oak St']);

    // A replayed write changes nothing and adds nothing.
    const count = (await activityRows(session.id)).length;
    const updatedAt = (await sessionRows(session.id))[0]?.updatedAt;
    await patch(memberA, session.id, { editedAt: at(30), fields: { street: '11 Oak St', zip: '75034' } });
    expect(await activityRows(session.id)).toHaveLength(count);
    expect((await sessionRows(session.id))[0]?.updatedAt).toEqual(updatedAt);
  });

  it('serialises two devices writing at once: the later edit ends up stored, the other in the timeline', async () => {
    const session = await createSession(ownerA, { fields: { street: '3 Start St' } });
    for (let round = 0; round < 5; round += 1) {
      const [first, second] = [at(40 + round * 2), at(41 + round * 2)];
      await Promise.all([
        memberA.client.patch(`/api/inspections/${session.id}`, { editedAt: second, fields: { homeownerName: `Later ${round}` } }),
        ownerA.client.patch(`/api/inspections/${session.id}`, { editedAt: first, fields: { homeownerName: `Earlier ${round}` } }),
      ]);
      expect((await ownerA.client.get<InspectionSession>(`/api/inspections/${session.id}`)).body.homeownerName).toBe(`Later ${round}`);
    }
    const values = (await timeline(ownerA, session.id)).filter((e) => e.field === 'homeownerName').flatMap((e) => [e.oldValue, e.newValue]);
    for (let round = 0; round < 5; round += 1) expect(values).toContain(`Earlier ${round}`);
  });

  it('caps edit times at the server clock, so a device whose clock runs ahead cannot win every later edit', async () => {
    const session = await createSession(ownerA, { fields: {} });
    await patch(ownerA, session.id, { editedAt: '2099-01-01T00:00:00.000Z', fields: { notes: 'From the future' } });
    const now = new Date().toISOString();
    const next = await patch(memberA, session.id, { editedAt: now, fields: { notes: 'Made just now' } });
    expect(next.notes).toBe('Made just now');
    expect(Date.parse(next.fieldEditedAt.notes ?? '')).toBeLessThan(Date.parse('2099-01-01T00:00:00.000Z'));
  });
});

describe('status, loss type and carrier', () => {
  it('records status changes and when the session was completed', async () => {
    const session = await createSession(ownerA, { fields: { street: '2 Done Dr' } });
    const completed = await patch(ownerA, session.id, { editedAt: at(10), fields: { status: 'completed' } });
    expect(completed.status).toBe('completed');
    expect(completed.completedAt).not.toBeNull();
    const reopened = await patch(ownerA, session.id, { editedAt: at(11), fields: { status: 'in_progress' } });
    expect(reopened).toMatchObject({ status: 'in_progress', completedAt: null });
    expect((await timeline(ownerA, session.id)).filter((e) => e.kind === 'status_changed').map((e) => [e.field, e.oldValue, e.newValue])).toEqual([
      ['status', 'in_progress', 'completed'],
      ['status', 'completed', 'in_progress'],
    ]);
  });

  it('classifies a description, keeps a type picked by hand (chosen or overridden) and classifies again on null', async () => {
    const session = await createSession(ownerA, { fields: { lossDescription: 'Water from a burst pipe' } });
    expect(session).toMatchObject({ lossType: 'water_damage_non_weather', lossTypeSource: 'classified' });
    const described = await patch(ownerA, session.id, { editedAt: at(1), fields: { lossDescription: 'Large hail stones' } });
    expect(described).toMatchObject({ lossType: 'hail', lossTypeSource: 'classified' });
    const chosen = await patch(ownerA, session.id, { editedAt: at(2), fields: { lossType: 'hail' } });
    expect(chosen).toMatchObject({ lossType: 'hail', lossTypeSource: 'chosen' });
    const overridden = await patch(ownerA, session.id, { editedAt: at(3), fields: { lossType: 'wind' } });
    expect(overridden).toMatchObject({ lossType: 'wind', lossTypeSource: 'overridden' });
    // A picked type stays when the description changes later.
    const redescribed = await patch(ownerA, session.id, { editedAt: at(4), fields: { lossDescription: 'Hail dented the gutters' } });
    expect(redescribed).toMatchObject({ lossType: 'wind', lossTypeSource: 'overridden' });
    const reclassified = await patch(ownerA, session.id, { editedAt: at(5), fields: { lossType: null } });
    expect(reclassified).toMatchObject({ lossType: 'hail', lossTypeSource: 'classified' });
    const typeChanges = (await timeline(ownerA, session.id)).filter((e) => e.field === 'lossType').map((e) => [e.oldValue, e.newValue]);
    expect(typeChanges).toEqual([
      ['water_damage_non_weather', 'hail'],
      ['hail', 'wind'],
      ['wind', 'hail'],
    ]);
    // A type given with a description at creation: chosen when they agree, overridden when not.
    expect(await createSession(ownerA, { fields: { lossDescription: 'Tornado', lossType: 'tornado' } })).toMatchObject({ lossTypeSource: 'chosen' });
    expect(await createSession(ownerA, { fields: { lossDescription: 'Tornado', lossType: 'hail' } })).toMatchObject({
      lossType: 'hail',
      lossTypeSource: 'overridden',
    });
    expect(await createSession(ownerA, { fields: {} })).toMatchObject({ lossType: null, lossTypeSource: null });
  });

  it("keeps the carrier's name from the directory while a carrier is set, and refuses another company's carrier (404)", async () => {
    const [carrier] = await server.db.insert(carriers).values({ companyId: ownerA.company.id, name: 'State Farm' }).returning();
    const [theirs] = await server.db.insert(carriers).values({ companyId: ownerB.company.id, name: 'Bravo Mutual' }).returning();
    if (!carrier || !theirs) throw new Error('carrier insert returned nothing');
    const session = await createSession(ownerA, { fields: { carrierId: carrier.id, carrierName: 'Typed Name' } });
    expect(session).toMatchObject({ carrierId: carrier.id, carrierName: 'State Farm' });
    const renamed = await patch(ownerA, session.id, { editedAt: at(1), fields: { carrierName: 'Something else' } });
    expect(renamed.carrierName).toBe('State Farm');
    // Without a carrier from the directory, the name is free text.
    const freeText = await patch(ownerA, session.id, { editedAt: at(2), fields: { carrierId: null, carrierName: 'Local Mutual' } });
    expect(freeText).toMatchObject({ carrierId: null, carrierName: 'Local Mutual' });

    const before = { rows: await sessionRows(session.id), activity: await activityRows(session.id) };
    expectNotFound(await ownerA.client.patch(`/api/inspections/${session.id}`, { editedAt: at(3), fields: { carrierId: theirs.id, notes: 'x' } }));
    expectNotFound(await ownerA.client.post('/api/inspections', { id: randomUUID(), editedAt: at(3), fields: { carrierId: theirs.id } }));
    expect(await sessionRows(session.id)).toEqual(before.rows);
    expect(await activityRows(session.id)).toEqual(before.activity);
  });
});

describe('starting from a claim file', () => {
  it('fills every field not given from the project, its carrier and its adjuster', async () => {
    const [carrier] = await server.db.insert(carriers).values({ companyId: ownerA.company.id, name: 'Allstate' }).returning();
    if (!carrier) throw new Error('carrier insert returned nothing');
    const [adjuster] = await server.db
      .insert(adjusters)
      .values({ companyId: ownerA.company.id, carrierId: carrier.id, name: 'Ada Adjuster', phone: '+1 555 010 7777', email: 'ada@allstate.example' })
      .returning();
    const project = await insertProjectRow(server.db, ownerA.company.id, {
      homeownerName: 'Pat Prefill',
      homeownerPhone: '+1 555 010 1111',
      homeownerEmail: 'pat@example.com',
      street: '40 Claim Ct',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      latitude: 30.27,
      longitude: -97.74,
      carrierId: carrier.id,
      adjusterId: adjuster?.id ?? null,
      policyNumber: 'POL-9',
      claimNumber: 'CLM-9',
      dateOfLoss: '2026-04-02',
      lossType: 'hail',
      lossTypeSource: 'chosen',
      lossDescription: 'Hail storm',
      deductibleCents: 150_000,
    });
    const session = await createSession(memberA, { projectId: project.id, fields: { zip: '78702', notes: 'Gate code 1234' } });
    expect(session).toMatchObject({
      projectId: project.id,
      inspector: { id: memberA.me.id, name: 'Mia Member' },
      street: '40 Claim Ct',
      city: 'Austin',
      state: 'TX',
      zip: '78702',
      latitude: 30.27,
      longitude: -97.74,
      homeownerName: 'Pat Prefill',
      homeownerPhone: '+1 555 010 1111',
      homeownerEmail: 'pat@example.com',
      carrierId: carrier.id,
      carrierName: 'Allstate',
      adjusterName: 'Ada Adjuster',
      adjusterPhone: '+1 555 010 7777',
      adjusterEmail: 'ada@allstate.example',
      policyNumber: 'POL-9',
      claimNumber: 'CLM-9',
      dateOfLoss: '2026-04-02',
      lossDescription: 'Hail storm',
      lossType: 'hail',
      lossTypeSource: 'chosen',
      deductibleCents: 150_000,
      notes: 'Gate code 1234',
    });
    // Only what the rep typed carries an edit time: any later edit beats a prefilled value.
    expect(Object.keys(session.fieldEditedAt).sort()).toEqual(['notes', 'zip']);

    const list = await ownerA.client.get<InspectionList>(`/api/inspections?projectId=${project.id}`);
    expect(list.body.sessions.map((s) => s.id)).toEqual([session.id]);

    // Another company's project is not found, and no session is made.
    const theirs = await insertProjectRow(server.db, ownerB.company.id);
    const id = randomUUID();
    expectNotFound(await ownerA.client.post('/api/inspections', { id, projectId: theirs.id, editedAt: at(1), fields: {} }));
    expect(await sessionRows(id)).toHaveLength(0);
  });
});

describe('photo counts', () => {
  it('counts the live photos of the session, in total and per phase', async () => {
    const session = await createSession(ownerA, { fields: { street: '8 Photo Pl' } });
    const photo = (phase: CapturePhase | null, deleted = false) => ({
      id: randomUUID(),
      companyId: ownerA.company.id,
      sessionId: session.id,
      filePath: `${session.id}/roof/x/${randomUUID()}.jpg`,
      fileName: 'p.jpg',
      fileSize: 10,
      mimeType: 'image/jpeg',
      sha256: randomUUID(),
      category: 'roof' as const,
      phase,
      deletedAt: deleted ? new Date() : null,
    });
    await server.db.insert(inspectionPhotos).values([photo('roof'), photo('roof'), photo('overview'), photo(null), photo('roof', true)]);
    const detail = await ownerA.client.get<InspectionSession>(`/api/inspections/${session.id}`);
    expect(detail.body).toMatchObject({ photoCount: 4, photosByPhase: { roof: 2, overview: 1 } });
    const list = await ownerA.client.get<InspectionList>('/api/inspections?q=8%20Photo');
    expect(list.body.sessions).toEqual([expect.objectContaining({ id: session.id, photoCount: 4 })]);
  });
});

describe('listing', () => {
  it('filters by text, status and inspector, pages newest activity first, and shows only the company', async () => {
    const company = await signedInOwner(server, { name: 'Listing Roofing' });
    const colleague = await signedInUser(server, { company: company.company, role: 'member' });
    const mine = await createSession(company, { fields: { street: '1 Maple Ave', city: 'Waco', homeownerName: 'Lee Maple' } });
    const done = await createSession(colleague, { fields: { street: '2 Birch Ave', claimNumber: 'CLM-55%', status: 'completed' } });
    const third = await createSession(colleague, { fields: { street: '3 Cedar Ave' } });
    // An edit moves a session to the top.
    await patch(company, mine.id, { editedAt: at(9), fields: { notes: 'touched' } });
    const theirs = await createSession(ownerB, { fields: { street: '1 Maple Ave' } });

    const ids = async (query: string) => {
      const response = await company.client.get<InspectionList>(`/api/inspections${query}`);
      expect(response.status, response.text).toBe(200);
      return { ids: response.body.sessions.map((s) => s.id), total: response.body.total };
    };
    expect(await ids('')).toEqual({ ids: [mine.id, third.id, done.id], total: 3 });
    expect(await ids('?q=maple')).toEqual({ ids: [mine.id], total: 1 });
    expect(await ids('?q=waco')).toEqual({ ids: [mine.id], total: 1 });
    expect(await ids('?q=55%25')).toEqual({ ids: [done.id], total: 1 });
    expect(await ids('?q=%25')).toEqual({ ids: [done.id], total: 1 });
    expect(await ids('?status=completed')).toEqual({ ids: [done.id], total: 1 });
    expect(await ids('?mine=1')).toEqual({ ids: [mine.id], total: 1 });
    expect(await ids('?pageSize=25&page=2')).toEqual({ ids: [], total: 3 });
    const summary = (await company.client.get<InspectionList>('/api/inspections')).body.sessions[0];
    expect(summary).toEqual({
      id: mine.id,
      projectId: null,
      status: 'in_progress',
      inspector: { id: company.me.id, name: 'Robin Slate' },
      street: '1 Maple Ave',
      city: 'Waco',
      state: null,
      zip: null,
      homeownerName: 'Lee Maple',
      photoCount: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await ids('?q=maple')).ids).not.toContain(theirs.id);
    expect((await company.client.get('/api/inspections?pageSize=10')).status).toBe(400);
    expect((await company.client.get('/api/inspections?status=open')).status).toBe(400);
  });
});

describe('another company', () => {
  it('gets 404 on every endpoint for a session it does not own, sees nothing and changes nothing', async () => {
    const session = await createSession(ownerA, { fields: { street: '77 Secret St', homeownerName: 'Sam Secret' } });
    await patch(ownerA, session.id, { editedAt: at(1), fields: { notes: 'Private note' } });
    const before = { rows: await sessionRows(session.id), activity: await activityRows(session.id) };

    expectNotFound(await ownerB.client.get(`/api/inspections/${session.id}`));
    expectNotFound(await ownerB.client.get(`/api/inspections/${session.id}/activity`));
    expectNotFound(await ownerB.client.patch(`/api/inspections/${session.id}`, { editedAt: at(59), fields: { street: 'Hijacked' } }));
    expectNotFound(await ownerB.client.post('/api/inspections', { id: session.id, editedAt: at(59), fields: { street: 'Hijacked' } }));
    const list = await ownerB.client.get<InspectionList>('/api/inspections?q=secret');
    expect(list.body).toEqual({ sessions: [], total: 0 });
    expect((await ownerB.client.get<InspectionList>('/api/inspections')).body.sessions.map((s) => s.id)).not.toContain(session.id);

    expect(await sessionRows(session.id)).toEqual(before.rows);
    expect(await activityRows(session.id)).toEqual(before.activity);
    // A missing id is the same 404; a malformed one is 400.
    expectNotFound(await ownerA.client.get(`/api/inspections/${randomUUID()}`));
    expect((await ownerA.client.get('/api/inspections/not-a-uuid')).status).toBe(400);
    // Signed out: 401.
    expect((await server.client().get('/api/inspections')).status).toBe(401);
  });

  it('lets every member of the company read and edit any session of it', async () => {
    const session = await createSession(ownerA, { fields: { street: '5 Shared St' } });
    expect((await memberA.client.get(`/api/inspections/${session.id}`)).status).toBe(200);
    expect(await patch(memberA, session.id, { editedAt: at(1), fields: { notes: 'Member was here' } })).toMatchObject({ notes: 'Member was here' });
    expect((await timeline(memberA, session.id)).at(-1)?.actor).toEqual({ id: memberA.me.id, name: 'Mia Member' });
  });
});

describe('bad input', () => {
  it('refuses invalid writes with a 400 and writes nothing', async () => {
    const session = await createSession(ownerA, { fields: { street: '6 Valid St' } });
    const before = { rows: await sessionRows(session.id), activity: await activityRows(session.id) };
    const bad: [string, string, Record<string, unknown>][] = [
      ['POST', '/api/inspections', { editedAt: at(1), fields: {} }],
      ['POST', '/api/inspections', { id: 'not-a-uuid', editedAt: at(1) }],
      ['POST', '/api/inspections', { id: randomUUID() }],
      ['POST', '/api/inspections', { id: randomUUID(), editedAt: 'yesterday' }],
      ['POST', '/api/inspections', { id: randomUUID(), editedAt: at(1), fields: { status: 'archived' } }],
      ['POST', '/api/inspections', { id: randomUUID(), editedAt: at(1), fields: { lossType: 'meteor' } }],
      ['POST', '/api/inspections', { id: randomUUID(), editedAt: at(1), fields: { latitude: 91 } }],
      [
        'POST',
        '/api/inspections',
        { id: randomUUID(), editedAt: at(1), fields: { structures: [{ id: 'a b', name: 'X', kind: 'shed', areas: [], slopes: [] }] } },
      ],
      ['POST', '/api/inspections', { id: randomUUID(), editedAt: at(1), fieldEditedAt: { nonsense: at(1) } }],
      ['PATCH', `/api/inspections/${session.id}`, { editedAt: at(1), fields: {} }],
      ['PATCH', `/api/inspections/${session.id}`, { fields: { street: 'x' } }],
      ['PATCH', `/api/inspections/${session.id}`, { editedAt: at(1), fields: { street: 'x'.repeat(201) } }],
      ['PATCH', `/api/inspections/${session.id}`, { editedAt: at(1), fields: { deductibleCents: -1 } }],
      ['PATCH', `/api/inspections/${session.id}`, { editedAt: at(1), fields: { homeownerEmail: 'not-an-email' } }],
      ['PATCH', `/api/inspections/${session.id}`, { editedAt: at(1), fields: { dateOfLoss: '2026-13-01' } }],
    ];
    const total = async () => (await server.db.select({ id: inspectionSessions.id }).from(inspectionSessions)).length;
    const sessionsBefore = await total();
    for (const [method, path, body] of bad) {
      const response = await ownerA.client.request(method, path, { json: body });
      expect(response.status, `${method} ${JSON.stringify(body)}: ${response.text}`).toBe(400);
      expect(response.body).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    }
    expect(await total()).toBe(sessionsBefore);
    expect(await sessionRows(session.id)).toEqual(before.rows);
    expect(await activityRows(session.id)).toEqual(before.activity);
  });
});
