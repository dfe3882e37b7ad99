import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { measurementListSchema, measurementSchema, structureMeasurementSchema, type Measurement } from '@ridgeline/shared/contracts/estimating';
import { measureRoof } from '@ridgeline/shared/domain/roof-measurements';
import { roofMeasurements } from '../../infra/db/schema/index';
import { insertProjectRow, signedInOwner, signedInUser, type SignedUpUser } from '../../test/factories';
import { sendLarge, type TestClient } from '../../test/test-client';
import { useTestServer } from '../../test/use-test-server';
import { createSession, errorShape, MAIN_HOUSE_TOTALS, mainHouse, measurementBody, MISSING, statusOf } from './estimating.fixtures';
import { reportFileNames } from './measurements.service';

const server = useTestServer({ API_WRITE_LIMIT: '5000' });
let owner: Awaited<ReturnType<typeof signedInOwner>>;
let member: SignedUpUser;
let outsider: Awaited<ReturnType<typeof signedInOwner>>;
let projectId: string;
let foreignProjectId: string;
let foreignSessionId: string;

const MB = 1024 * 1024;
const pdf = (text = 'EagleView premium report') => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n`);
const xml = () => Buffer.from('<?xml version="1.0" encoding="UTF-8"?><EAGLEVIEW_EXPORT><STRUCTURES/></EAGLEVIEW_EXPORT>');

async function create(client: TestClient, body: unknown): Promise<Measurement> {
  const response = await client.post<Measurement>('/api/measurements', body);
  expect(response.status, statusOf(response)).toBe(201);
  return measurementSchema.parse(response.body);
}

function uploadReport(client: TestClient, id: string, body: Buffer, contentType: string, fileName = 'EagleView report.pdf') {
  return client.put<Measurement>(`/api/measurements/${id}/report?fileName=${encodeURIComponent(fileName)}`, body, { headers: { 'Content-Type': contentType } });
}

/** The report objects stored for a measurement. */
async function reportObjects(companyId: string, measurementId: string): Promise<string[]> {
  const folder = join(server.deps.config.dataDir, 'storage', 'project-files', companyId, 'measurements', measurementId);
  const names = await readdir(folder).catch(() => [] as string[]);
  return names.filter((name) => !name.endsWith('.meta.json')).sort();
}

async function rowOf(id: string) {
  const [row] = await server.db.select().from(roofMeasurements).where(eq(roofMeasurements.id, id));
  return row ?? null;
}

beforeAll(async () => {
  owner = await signedInOwner(server);
  member = await signedInUser(server, { company: owner.company, role: 'member', firstName: 'Casey', lastName: 'Gutter' });
  outsider = await signedInOwner(server);
  projectId = (await insertProjectRow(server.db, owner.company.id, { title: 'Hail claim on Elm' })).id;
  foreignProjectId = (await insertProjectRow(server.db, outsider.company.id, { title: 'Outsider claim' })).id;
  foreignSessionId = await createSession(outsider.client, { street: '9 Outsider Ln' });
});

// A claim file has one measurement record (decision 041): each test measures a claim file of its own.
beforeEach(async () => {
  projectId = (await insertProjectRow(server.db, owner.company.id, { title: 'Hail claim on Elm' })).id;
});

describe('report file names', () => {
  it('keeps the last part of the name with the extension of the bytes, and a safe object name', () => {
    expect(reportFileNames('EagleView report.pdf', 'pdf')).toEqual({ fileName: 'EagleView report.pdf', safeName: 'EagleView-report.pdf' });
    expect(reportFileNames('C:\\reports\\hover.PDF', 'pdf')).toEqual({ fileName: 'hover.PDF', safeName: 'hover.pdf' });
    expect(reportFileNames('../../etc/passwd', 'xml')).toEqual({ fileName: 'passwd.xml', safeName: 'passwd.xml' });
    expect(reportFileNames('report.pdf', 'xml')).toEqual({ fileName: 'report.xml', safeName: 'report.xml' });
    expect(reportFileNames('..', 'pdf')).toEqual({ fileName: 'measurement-report.pdf', safeName: 'measurement-report.pdf' });
    expect(reportFileNames('Toit Été №5.pdf', 'pdf').safeName).toBe('Toit-Ete-No5.pdf');
  });
});

describe('POST /api/measurements', () => {
  it("stores a session's measurement with totals computed on the server", async () => {
    const sessionId = await createSession(owner.client, { street: '12 Hail Rd' });
    // Totals sent by the client are not part of the contract and are ignored.
    const body = { ...measurementBody({ sessionId, notes: 'Measured from the ground' }), totals: { trueAreaSqFt: 1, squares: 999, orderSquares: 999 } };
    const created = await create(member.client, body);
    expect(created).toMatchObject({
      sessionId,
      projectId: null,
      projectTitle: null,
      sessionAddress: '12 Hail Rd, Plano, TX 75024',
      label: 'Roof',
      notes: 'Measured from the ground',
      report: null,
      reportTotals: null,
      totals: MAIN_HOUSE_TOTALS,
      createdByName: 'Casey Gutter',
    });
    expect(created.structures[0]).toMatchObject({
      structureId: 'house',
      hipValleyInPlan: false,
      facets: [
        { pitchRise: 6, planAreaSqFt: 1000 },
        { lengthFt: 20, widthFt: 30 },
      ],
    });
    expect(await rowOf(created.id)).toMatchObject({ companyId: owner.company.id, trueAreaSqFt: 1839, squaresHundredths: 1839, orderSquaresHundredths: 2023 });

    // A session has at most one measurement.
    const second = await owner.client.post('/api/measurements', measurementBody({ sessionId }));
    expect(second.status).toBe(409);
    expect(second.body).toEqual(errorShape('CONFLICT'));
  });

  it('makes one measurement of two racing for one session', async () => {
    const sessionId = await createSession(owner.client);
    const answers = await Promise.all([1, 2, 3].map(() => owner.client.post('/api/measurements', measurementBody({ sessionId }))));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    expect(await server.db.select().from(roofMeasurements).where(eq(roofMeasurements.sessionId, sessionId))).toHaveLength(1);
  });

  it("gives a measurement its session's claim file, or the project it is saved to", async () => {
    const sessionId = await createSession(owner.client, { projectId });
    const ofSession = await create(owner.client, measurementBody({ sessionId }));
    expect(ofSession).toMatchObject({ sessionId, projectId, projectTitle: 'Hail claim on Elm' });

    // The claim file's roof has its record (the session's): the calculator cannot add a second (decision 041).
    const second = await owner.client.post('/api/measurements', measurementBody({ projectId, label: 'Garage from the calculator' }));
    expect(second.status).toBe(409);
    expect(second.body).toEqual(errorShape('CONFLICT'));
    const onItsOwn = (await insertProjectRow(server.db, owner.company.id, { title: 'Garage claim' })).id;
    const standalone = await create(owner.client, measurementBody({ projectId: onItsOwn, label: 'Garage from the calculator' }));
    expect(standalone).toMatchObject({
      sessionId: null,
      projectId: onItsOwn,
      projectTitle: 'Garage claim',
      sessionAddress: null,
      label: 'Garage from the calculator',
    });

    // A project beside a session on another claim file is refused.
    const other = (await insertProjectRow(server.db, owner.company.id)).id;
    const linked = await createSession(owner.client, { projectId });
    const mismatch = await owner.client.post('/api/measurements', measurementBody({ sessionId: linked, projectId: other }));
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toEqual(errorShape('VALIDATION_ERROR'));
  });

  it("stores the largest roof the contract takes, with its totals exact (the columns hold more than an integer's 2^31)", async () => {
    // 20 structures of 60 facets, each 10,000 x 10,000 ft at 30/12 with 50% waste: every maximum at once.
    const facets = Array.from({ length: 60 }, (_, i) => ({ id: `f${i}`, pitchRise: 30, lengthFt: 10_000, widthFt: 10_000 }));
    const structures = Array.from({ length: 20 }, (_, i) => mainHouse({ structureId: `s${i}`, name: `Structure ${i}`, facets, wastePct: 50 }));
    const largest = measureRoof(structureMeasurementSchema.array().parse(structures));
    expect(largest.orderSquares * 100).toBeGreaterThan(2 ** 31);
    const sessionId = await createSession(owner.client, { projectId });
    const made = await create(owner.client, measurementBody({ sessionId, structures }));
    const expected = { trueAreaSqFt: Math.round(largest.trueAreaSqFt), squares: largest.squares, orderSquares: largest.orderSquares };
    expect(made.totals).toEqual(expected);
    expect((await owner.client.get<Measurement>(`/api/measurements/${made.id}`)).body.totals).toEqual(expected);
    const replaced = await owner.client.put<Measurement>(`/api/measurements/${made.id}`, JSON.stringify({ structures }));
    expect(replaced.status, statusOf(replaced)).toBe(200);
    expect(replaced.body.totals).toEqual(expected);
    expect(await rowOf(made.id)).toMatchObject({ trueAreaSqFt: expected.trueAreaSqFt, orderSquaresHundredths: Math.round(largest.orderSquares * 100) });
    expect((await owner.client.get<{ measurements: Measurement[] }>(`/api/measurements?sessionId=${sessionId}`)).body.measurements[0]?.totals).toEqual(
      expected,
    );
  });

  it('keeps the pipe jacks and roof vents counted on each roof; none when not given, or in a measurement saved before the counts', async () => {
    const sessionId = await createSession(owner.client);
    const counted = await create(
      owner.client,
      measurementBody({ sessionId, structures: [mainHouse({ pipeJacks: 3, roofVents: 4 }), mainHouse({ structureId: 'garage', name: 'Garage' })] }),
    );
    expect(counted.structures.map((s) => [s.structureId, s.pipeJacks, s.roofVents])).toEqual([
      ['house', 3, 4],
      ['garage', 0, 0],
    ]);
    expect((await owner.client.get<Measurement>(`/api/measurements/${counted.id}`)).body.structures[0]).toMatchObject({ pipeJacks: 3, roofVents: 4 });

    // A row written before the counts existed has no such keys: it reads as none counted.
    const [legacy] = await server.db
      .insert(roofMeasurements)
      .values({ companyId: owner.company.id, label: 'Older', structures: [{ ...mainHouse(), hipValleyInPlan: false }] })
      .returning();
    const read = measurementSchema.parse((await owner.client.get(`/api/measurements/${legacy?.id ?? MISSING}`)).body);
    expect(read.structures).toEqual([expect.objectContaining({ structureId: 'house', pipeJacks: 0, roofVents: 0 })]);

    for (const bad of [{ pipeJacks: -1 }, { roofVents: 2.5 }, { pipeJacks: 201 }, { roofVents: '3' }]) {
      const response = await owner.client.request('PUT', `/api/measurements/${counted.id}`, { json: { structures: [mainHouse(bad as never)] } });
      expect(response.status, `${JSON.stringify(bad)}: ${statusOf(response)}`).toBe(400);
      expect(response.body).toEqual(errorShape('VALIDATION_ERROR'));
    }
    expect(measurementSchema.parse((await owner.client.get(`/api/measurements/${counted.id}`)).body).structures[0]).toMatchObject({
      pipeJacks: 3,
      roofVents: 4,
    });
  });

  it('refuses bad input with 400 in the error shape and writes nothing', async () => {
    const before = await server.db.select().from(roofMeasurements);
    const sessionId = await createSession(owner.client);
    const cases: unknown[] = [
      {},
      { structures: [mainHouse()] },
      measurementBody({ sessionId: 'not-a-uuid' }),
      { sessionId, structures: [] },
      { sessionId, structures: [mainHouse({ facets: [{ id: 'f1', pitchRise: 6 }] })] },
      { sessionId, structures: [mainHouse({ facets: [{ id: 'f1', pitchRise: -1, planAreaSqFt: 100 }] })] },
      { sessionId, structures: [mainHouse({ facets: [{ id: 'f1', pitchRise: 31, planAreaSqFt: 100 }] })] },
      { sessionId, structures: [mainHouse({ wastePct: 51 })] },
      { sessionId, structures: [mainHouse({ layers: 0 })] },
      { sessionId, structures: [mainHouse({ stories: 6 })] },
      { sessionId, structures: [mainHouse({ name: '' })] },
      { sessionId, structures: [mainHouse({ structureId: 'has spaces' })] },
      { sessionId, structures: [mainHouse({ linear: { ridge: -5 } as never })] },
      { sessionId, structures: [mainHouse()], label: 'x'.repeat(121) },
      { sessionId, structures: [mainHouse()], reportTotals: { totalSquares: 'many' } },
      { sessionId, structures: [mainHouse()], notes: 'bell\u0007' },
      { sessionId, structures: 'house' },
    ];
    for (const body of cases) {
      const response = await owner.client.post('/api/measurements', body);
      expect(response.status, `${JSON.stringify(body).slice(0, 120)}: ${statusOf(response)}`).toBe(400);
      expect(response.body).toEqual(errorShape('VALIDATION_ERROR'));
    }
    const text = await owner.client.request('POST', '/api/measurements', {
      body: JSON.stringify(measurementBody({ sessionId })),
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    expect(await server.db.select().from(roofMeasurements)).toHaveLength(before.length);
  });

  it("refuses another company's session or project with 404 and writes nothing", async () => {
    const before = await server.db.select().from(roofMeasurements);
    for (const body of [
      measurementBody({ sessionId: foreignSessionId }),
      measurementBody({ projectId: foreignProjectId }),
      measurementBody({ sessionId: MISSING }),
      measurementBody({ projectId: MISSING }),
    ]) {
      const response = await owner.client.post('/api/measurements', body);
      expect(response.status, statusOf(response)).toBe(404);
      expect(response.body).toEqual(errorShape('NOT_FOUND'));
      expect(response.text).not.toContain('Outsider');
    }
    expect(await server.db.select().from(roofMeasurements)).toHaveLength(before.length);
  });

  it('answers 401 without a session and 403 without a company', async () => {
    expect((await server.client().post('/api/measurements', measurementBody({ projectId }))).status).toBe(401);
    const loner = await signedInUser(server);
    const response = await loner.client.post('/api/measurements', measurementBody({ projectId }));
    expect(response.status).toBe(403);
    expect(response.body).toEqual(errorShape('NO_COMPANY'));
  });
});

describe('GET /api/measurements', () => {
  it("lists the company's measurements newest first, by session or by project, and nothing of another company", async () => {
    const sessionId = await createSession(owner.client);
    const first = await create(owner.client, measurementBody({ projectId, label: 'First' }));
    const second = await create(owner.client, measurementBody({ sessionId, label: 'Second' }));
    const foreign = await create(outsider.client, measurementBody({ sessionId: foreignSessionId, label: 'Outsider roof' }));

    const all = measurementListSchema.parse((await member.client.get('/api/measurements')).body).measurements;
    expect(all.map((m) => m.id).slice(0, 2)).toEqual([second.id, first.id]);
    expect(all.map((m) => m.id)).not.toContain(foreign.id);
    const created = all.map((m) => m.createdAt);
    expect([...created].sort().reverse()).toEqual(created);

    const bySession = (await owner.client.get<{ measurements: Measurement[] }>(`/api/measurements?sessionId=${sessionId}`)).body.measurements;
    expect(bySession.map((m) => m.id)).toEqual([second.id]);
    const byProject = (await owner.client.get<{ measurements: Measurement[] }>(`/api/measurements?projectId=${projectId}`)).body.measurements;
    expect(byProject.map((m) => m.id)).toContain(first.id);
    expect(byProject.every((m) => m.projectId === projectId)).toBe(true);

    // Another company's session or project is not found (as on every other session endpoint), and
    // its answer names nothing of it; its own list holds only its own.
    for (const [client, path] of [
      [owner.client, `/api/measurements?sessionId=${foreignSessionId}`],
      [outsider.client, `/api/measurements?sessionId=${sessionId}`],
      [outsider.client, `/api/measurements?projectId=${projectId}`],
    ] as const) {
      const answer = await client.get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.body).toEqual(errorShape('NOT_FOUND'));
      for (const secret of ['Outsider roof', 'First', 'Second']) expect(answer.text).not.toContain(secret);
    }
    const theirs = (await outsider.client.get<{ measurements: Measurement[] }>('/api/measurements')).body.measurements;
    expect(theirs.map((m) => m.id)).toEqual([foreign.id]);
  });

  it('refuses malformed filters and ids with 400, and unknown ids with 404', async () => {
    for (const path of ['/api/measurements?sessionId=abc', '/api/measurements?projectId=1', '/api/measurements/not-a-uuid']) {
      const response = await owner.client.get(path);
      expect(response.status, path).toBe(400);
      expect(response.body).toEqual(errorShape('VALIDATION_ERROR'));
    }
    expect((await owner.client.get(`/api/measurements/${MISSING}`)).body).toEqual(errorShape('NOT_FOUND'));
    for (const path of [`/api/measurements?sessionId=${MISSING}`, `/api/measurements?projectId=${MISSING}`]) {
      expect((await owner.client.get(path)).body, path).toEqual(errorShape('NOT_FOUND'));
    }
  });
});

describe('GET/PUT/DELETE /api/measurements/:id', () => {
  it('reads and replaces a measurement, computing the totals again', async () => {
    const created = await create(owner.client, measurementBody({ projectId }));
    expect(measurementSchema.parse((await member.client.get(`/api/measurements/${created.id}`)).body)).toEqual(created);

    // One 12/12 facet of 500 sq ft on plan: 707.11 sq ft, 7.07 squares, 7.78 to order with 10% waste.
    const edited = await member.client.request<Measurement>('PUT', `/api/measurements/${created.id}`, {
      json: {
        label: 'Garage',
        structures: [mainHouse({ facets: [{ id: 'g1', pitchRise: 12, planAreaSqFt: 500 }] })],
        reportTotals: { provider: 'EagleView', totalSquares: 7.1, predominantPitch: '12/12' },
        notes: null,
      },
    });
    expect(edited.status, statusOf(edited)).toBe(200);
    expect(edited.body).toMatchObject({ id: created.id, label: 'Garage', projectId, totals: { trueAreaSqFt: 707, squares: 7.07, orderSquares: 7.78 } });
    expect(edited.body.reportTotals).toMatchObject({ provider: 'EagleView', totalSquares: 7.1, predominantPitch: '12/12' });
    expect(Date.parse(edited.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));

    const bad = await owner.client.request('PUT', `/api/measurements/${created.id}`, { json: { label: 'No structures', structures: [] } });
    expect(bad.status).toBe(400);
    const text = await owner.client.request('PUT', `/api/measurements/${created.id}`, { body: 'label=x', headers: { 'Content-Type': 'text/plain' } });
    expect(text.status).toBe(415);
    expect(text.body).toEqual(errorShape('UNSUPPORTED_MEDIA_TYPE'));
    expect((await owner.client.get<Measurement>(`/api/measurements/${created.id}`)).body.label).toBe('Garage');
  });

  it('deletes a measurement with its report file', async () => {
    const created = await create(owner.client, measurementBody({ projectId }));
    expect((await uploadReport(owner.client, created.id, pdf(), 'application/pdf')).status).toBe(200);
    expect(await reportObjects(owner.company.id, created.id)).toHaveLength(1);
    const removed = await member.client.delete(`/api/measurements/${created.id}`);
    expect(removed.status).toBe(204);
    expect(await rowOf(created.id)).toBeNull();
    expect(await reportObjects(owner.company.id, created.id)).toEqual([]);
    expect((await owner.client.get(`/api/measurements/${created.id}`)).status).toBe(404);
    expect((await owner.client.delete(`/api/measurements/${created.id}`)).status).toBe(404);
  });

  it("gives another company's user 404 on every call, and changes nothing", async () => {
    const created = await create(owner.client, measurementBody({ projectId, label: 'Secret roof' }));
    expect((await uploadReport(owner.client, created.id, pdf(), 'application/pdf')).status).toBe(200);
    const before = await rowOf(created.id);
    const objects = await reportObjects(owner.company.id, created.id);
    const o = outsider.client;
    const answers = [
      await o.get(`/api/measurements/${created.id}`),
      await o.request('PUT', `/api/measurements/${created.id}`, { json: { label: 'Hijacked', structures: [mainHouse()] } }),
      await o.delete(`/api/measurements/${created.id}`),
      await uploadReport(o, created.id, pdf('intruder'), 'application/pdf'),
      await o.delete(`/api/measurements/${created.id}/report`),
    ];
    for (const answer of answers) {
      expect(answer.status, statusOf(answer)).toBe(404);
      expect(answer.body).toEqual(errorShape('NOT_FOUND'));
      expect(answer.text).not.toContain('Secret roof');
    }
    expect(await rowOf(created.id)).toEqual(before);
    expect(await reportObjects(owner.company.id, created.id)).toEqual(objects);
    expect(await reportObjects(outsider.company.id, created.id)).toEqual([]);
  });
});

describe('PUT/DELETE /api/measurements/:id/report', () => {
  it('stores a PDF, serves it through a signed link, and replaces it with an XML file', async () => {
    const created = await create(owner.client, measurementBody({ projectId }));
    const first = await uploadReport(member.client, created.id, pdf(), 'application/pdf');
    expect(first.status, statusOf(first)).toBe(200);
    const report = measurementSchema.parse(first.body).report;
    expect(report).toMatchObject({ fileName: 'EagleView report.pdf', mimeType: 'application/pdf', size: pdf().length });
    if (!report) throw new Error('no report');
    const url = new URL(report.url);
    expect(url.pathname).toMatch(new RegExp(`^/api/storage/project-files/${owner.company.id}/measurements/${created.id}/\\d+-EagleView-report\\.pdf$`));
    expect(url.searchParams.get('sig')).toBeTruthy();
    const served = await fetch(report.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await served.arrayBuffer()).equals(pdf())).toBe(true);
    const unsigned = await fetch(`${url.origin}${url.pathname}`);
    expect(unsigned.status).toBe(403);

    // A new report replaces the earlier one, whose file is removed.
    const firstObjects = await reportObjects(owner.company.id, created.id);
    expect(firstObjects).toHaveLength(1);
    const second = await uploadReport(owner.client, created.id, xml(), 'text/xml; charset=utf-8', 'hover.xml');
    expect(second.status, statusOf(second)).toBe(200);
    expect(second.body.report).toMatchObject({ fileName: 'hover.xml', mimeType: 'application/xml', size: xml().length });
    const secondObjects = await reportObjects(owner.company.id, created.id);
    expect(secondObjects).toHaveLength(1);
    expect(secondObjects[0]).toMatch(/^\d+-hover\.xml$/);
    expect(secondObjects).not.toEqual(firstObjects);
    expect((await fetch(report.url)).status).toBe(404);
    // The measurement itself is unchanged by its report.
    expect(second.body.totals).toEqual(created.totals);

    // Removing the report keeps the measurement and the typed totals.
    const removed = await owner.client.delete<Measurement>(`/api/measurements/${created.id}/report`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ id: created.id, report: null });
    expect(await reportObjects(owner.company.id, created.id)).toEqual([]);
    expect((await owner.client.delete<Measurement>(`/api/measurements/${created.id}/report`)).status).toBe(200);
  });

  it('serves an XML report as a sandboxed download, never as a page of the app (its <meta refresh> goes nowhere)', async () => {
    const created = await create(owner.client, measurementBody({ projectId }));
    const redirecting = Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><meta http-equiv="refresh" content="0;url=https://attacker.example/"/></head><body><script>alert(1)</script></body></html>',
    );
    const uploaded = await uploadReport(member.client, created.id, redirecting, 'application/xml', 'eagleview.xml');
    expect(uploaded.status, statusOf(uploaded)).toBe(200);
    const served = await fetch(measurementSchema.parse(uploaded.body).report?.url ?? '', { redirect: 'manual' });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/xml');
    expect(served.headers.get('content-disposition')).toBe('attachment');
    expect(served.headers.get('content-security-policy')).toMatch(/(^|; )sandbox(;|$)/);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');

    // A PDF report is still shown in the browser, sandboxed too.
    const asPdf = await uploadReport(member.client, created.id, pdf(), 'application/pdf');
    const pdfServed = await fetch(measurementSchema.parse(asPdf.body).report?.url ?? '');
    expect(pdfServed.headers.get('content-disposition')).toBe('inline');
    expect(pdfServed.headers.get('content-security-policy')).toMatch(/(^|; )sandbox(;|$)/);
  });

  it('checks the type against the bytes, and refuses empty and too large files', async () => {
    const created = await create(owner.client, measurementBody({ projectId }));
    const refused: [Buffer, string, number, string][] = [
      [xml(), 'application/pdf', 415, 'UNSUPPORTED_MEDIA_TYPE'],
      [pdf(), 'application/xml', 415, 'UNSUPPORTED_MEDIA_TYPE'],
      [Buffer.from('Total squares: 24.5'), 'application/pdf', 415, 'UNSUPPORTED_MEDIA_TYPE'],
      [Buffer.from('<report>no declaration</report>'), 'text/xml', 415, 'UNSUPPORTED_MEDIA_TYPE'],
      [pdf(), 'text/plain', 415, 'UNSUPPORTED_MEDIA_TYPE'],
      [pdf(), 'application/octet-stream', 415, 'UNSUPPORTED_MEDIA_TYPE'],
      [Buffer.alloc(0), 'application/pdf', 400, 'VALIDATION_ERROR'],
    ];
    for (const [body, type, status, code] of refused) {
      const response = await uploadReport(owner.client, created.id, body, type);
      expect(response.status, `${type}: ${statusOf(response)}`).toBe(status);
      expect(response.body).toEqual(errorShape(code));
    }
    for (const query of ['', '?fileName=', `?fileName=${'x'.repeat(201)}`]) {
      const response = await owner.client.put(`/api/measurements/${created.id}/report${query}`, pdf(), { headers: { 'Content-Type': 'application/pdf' } });
      expect(response.status, query).toBe(400);
    }
    const big = Buffer.concat([pdf(), Buffer.alloc(25 * MB)]);
    const tooLarge = await sendLarge(server.url, 'PUT', `/api/measurements/${created.id}/report?fileName=big.pdf`, big, {
      Cookie: owner.client.cookieHeader(),
      'Content-Type': 'application/pdf',
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
    expect(await reportObjects(owner.company.id, created.id)).toEqual([]);
    expect((await owner.client.get<Measurement>(`/api/measurements/${created.id}`)).body.report).toBeNull();
    // Malformed and unknown ids.
    expect((await uploadReport(owner.client, 'not-a-uuid', pdf(), 'application/pdf')).status).toBe(400);
    expect((await uploadReport(owner.client, MISSING, pdf(), 'application/pdf')).status).toBe(404);
    expect((await owner.client.delete(`/api/measurements/${MISSING}/report`)).status).toBe(404);
  });
});
