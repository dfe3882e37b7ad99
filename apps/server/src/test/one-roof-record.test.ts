import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { measurementListSchema, measurementSchema, type Measurement } from '@ridgeline/shared/contracts/estimating';
import { roofMeasurements } from '../infra/db/schema/index';
import { insertProjectRow, signedInOwner } from './factories';
import type { TestClient } from './test-client';
import { useTestServer } from './use-test-server';
import { readClaimContext } from '../features/assistant/claim-context';
import { createSession, errorShape, mainHouse, measurementBody, statusOf } from '../features/estimating/estimating.fixtures';
import { ROOF_MEASURED } from '../features/estimating/measurements.service';

// Decision 041: a roof has one measurement record, whichever screen it is entered on. The claim
// file's Measurements tab and its inspections' Measurements and Estimate steps read and write the
// same record, before and after the inspection is converted; /measurements lists it once and the
// assistant cites it once.

const server = useTestServer({ API_WRITE_LIMIT: '5000' });
let owner: Awaited<ReturnType<typeof signedInOwner>>;
let outsider: Awaited<ReturnType<typeof signedInOwner>>;

const pdf = Buffer.from('%PDF-1.4\n% EagleView\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

async function create(client: TestClient, body: unknown): Promise<Measurement> {
  const response = await client.post<Measurement>('/api/measurements', body);
  expect(response.status, statusOf(response)).toBe(201);
  return measurementSchema.parse(response.body);
}

async function listed(client: TestClient, query: string): Promise<Measurement[]> {
  const response = await client.get(`/api/measurements${query}`);
  expect(response.status, statusOf(response)).toBe(200);
  return measurementListSchema.parse(response.body).measurements;
}

const newProject = async (title = 'Hail claim on Elm') =>
  (await insertProjectRow(server.db, owner.company.id, { title, street: '12 Hail Rd', homeownerName: 'Pat Elm' })).id;

beforeAll(async () => {
  owner = await signedInOwner(server);
  outsider = await signedInOwner(server);
});

describe('one measurement record per roof', () => {
  it("entered on the claim file's Measurements tab, it is the inspection's: read, edited and never entered twice", async () => {
    const projectId = await newProject();
    const onTab = await create(owner.client, measurementBody({ projectId, label: 'From the tab' }));
    const sessionId = await createSession(owner.client, { projectId });

    // The inspection's Measurements and Estimate steps read it (they ask by the session).
    expect((await listed(owner.client, `?sessionId=${sessionId}`)).map((m) => m.id)).toEqual([onTab.id]);

    // Typed again on the inspection: refused, the roof has its record.
    const again = await owner.client.post('/api/measurements', measurementBody({ sessionId }));
    expect(again.status).toBe(409);
    expect(again.body).toEqual(errorShape('CONFLICT'));

    // Edited from the inspection, it shows on the claim file's tab.
    const edited = await owner.client.request<Measurement>('PUT', `/api/measurements/${onTab.id}`, {
      json: { label: 'Edited in the field', structures: [mainHouse({ wastePct: 15 })] },
    });
    expect(edited.status, statusOf(edited)).toBe(200);
    const onFile = await listed(owner.client, `?projectId=${projectId}`);
    expect(onFile.map((m) => [m.id, m.label, m.structures[0]?.wastePct])).toEqual([[onTab.id, 'Edited in the field', 15]]);

    // A second inspection of the claim file (a re-inspection) shares it too.
    const reinspection = await createSession(owner.client, { projectId });
    expect((await listed(owner.client, `?sessionId=${reinspection}`)).map((m) => m.id)).toEqual([onTab.id]);

    // /measurements lists one record for the roof; the assistant cites it once.
    expect((await listed(owner.client, '')).filter((m) => m.projectId === projectId)).toHaveLength(1);
    const context = await readClaimContext(server.db, owner.company.id, projectId);
    expect(context?.facts.filter((f) => f.label.startsWith('Measurement'))).toHaveLength(1);
  });

  it("entered on the inspection, the claim file's tab shows it and a second one is refused", async () => {
    const projectId = await newProject();
    const sessionId = await createSession(owner.client, { projectId });
    const inField = await create(owner.client, measurementBody({ sessionId }));
    expect((await listed(owner.client, `?projectId=${projectId}`)).map((m) => m.id)).toEqual([inField.id]);

    const again = await owner.client.post<{ error: { message: string } }>('/api/measurements', measurementBody({ projectId, label: 'Typed again' }));
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(ROOF_MEASURED);
    expect(await server.db.select().from(roofMeasurements).where(eq(roofMeasurements.projectId, projectId))).toHaveLength(1);
  });

  it('makes one record of two racing for one claim file', async () => {
    const projectId = await newProject();
    const answers = await Promise.all([1, 2, 3].map(() => owner.client.post('/api/measurements', measurementBody({ projectId }))));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
  });

  it('an inspection converted onto a claim file that has its own record leaves one: the one changed last, with the report file', async () => {
    const projectId = await newProject();
    const onTab = await create(owner.client, measurementBody({ projectId, label: 'From the tab' }));
    const report = await owner.client.put(`/api/measurements/${onTab.id}/report?fileName=eagleview.pdf`, pdf, {
      headers: { 'Content-Type': 'application/pdf' },
    });
    expect(report.status, statusOf(report)).toBe(200);
    // The inspection was started on its own, measured, then attached to the claim file.
    const sessionId = await createSession(owner.client);
    const inField = await create(owner.client, measurementBody({ sessionId, label: 'In the field' }));

    const converted = await owner.client.post(`/api/inspections/${sessionId}/convert`, { mode: 'attach', projectId });
    expect(converted.status, statusOf(converted)).toBe(200);

    const onFile = await listed(owner.client, `?projectId=${projectId}`);
    expect(onFile.map((m) => [m.id, m.label, m.report?.fileName])).toEqual([[inField.id, 'In the field', 'eagleview.pdf']]);
    expect((await listed(owner.client, `?sessionId=${sessionId}`)).map((m) => m.id)).toEqual([inField.id]);
    expect((await listed(owner.client, '')).filter((m) => m.projectId === projectId)).toHaveLength(1);
    // The other is kept, hidden: it cannot be opened or changed.
    expect((await owner.client.get(`/api/measurements/${onTab.id}`)).status).toBe(404);
    const [hidden] = await server.db.select().from(roofMeasurements).where(eq(roofMeasurements.id, onTab.id));
    expect(hidden).toMatchObject({ supersededBy: inField.id, reportFilePath: null });
    const context = await readClaimContext(server.db, owner.company.id, projectId);
    expect(context?.facts.filter((f) => f.label.startsWith('Measurement'))).toHaveLength(1);
  });

  it('an inspection started on its own keeps its record on the claim file it is converted into', async () => {
    const sessionId = await createSession(owner.client, { street: '40 New Claim St' });
    const inField = await create(owner.client, measurementBody({ sessionId }));
    const converted = await owner.client.post<{ projectId: string }>(`/api/inspections/${sessionId}/convert`, { mode: 'new' });
    expect(converted.status, statusOf(converted)).toBe(201);
    expect((await listed(owner.client, `?projectId=${converted.body.projectId}`)).map((m) => m.id)).toEqual([inField.id]);
    const refused = await owner.client.post('/api/measurements', measurementBody({ projectId: converted.body.projectId }));
    expect(refused.status).toBe(409);
  });

  it("never shows another company's claim file record through a session, and another company cannot read it", async () => {
    const projectId = await newProject('Secret roof claim');
    const record = await create(owner.client, measurementBody({ projectId, label: 'Secret roof' }));
    const theirSession = await createSession(outsider.client);
    expect(await listed(outsider.client, `?sessionId=${theirSession}`)).toEqual([]);
    const read = await outsider.client.get(`/api/measurements/${record.id}`);
    expect(read.status).toBe(404);
    expect(read.text).not.toContain('Secret roof');
    expect((await outsider.client.get(`/api/measurements?projectId=${projectId}`)).status).toBe(404);
  });
});

describe('the migration of records entered twice', () => {
  it('keeps, per claim file, the record changed last (with a report file), hides the others and links stray inspection records', async () => {
    const projectId = await newProject();
    const sessionId = await createSession(owner.client, { projectId });
    // Rows as the product wrote them before: the tab's, the inspection's (not yet on the claim file),
    // each entered separately. The unique index is lifted to write them, as they were.
    await server.db.execute(sql`drop index roof_measurements_project_unique`);
    const at = (minutes: number) => new Date(Date.UTC(2026, 11, 1, 18, minutes));
    const one = <T>(rows: T[]): T => {
      const [row] = rows;
      if (!row) throw new Error('no row written');
      return row;
    };
    const older = one(
      await server.db
        .insert(roofMeasurements)
        .values({
          companyId: owner.company.id,
          projectId,
          label: 'Tab',
          structures: [],
          reportFilePath: 'x/report.pdf',
          reportFileName: 'report.pdf',
          reportMimeType: 'application/pdf',
          reportFileSize: 10,
          reportUploadedAt: at(0),
          updatedAt: at(1),
        })
        .returning(),
    );
    const newer = one(
      await server.db
        .insert(roofMeasurements)
        .values({ companyId: owner.company.id, sessionId, projectId: null, label: 'Field', structures: [], updatedAt: at(5) })
        .returning(),
    );
    const other = one(
      await server.db
        .insert(roofMeasurements)
        .values({ companyId: owner.company.id, projectId, label: 'Typed again', structures: [], updatedAt: at(3) })
        .returning(),
    );

    const migration = await readFile(join(import.meta.dirname, '../infra/db/migrations/0029_one_roof_measurement.sql'), 'utf8');
    const statements = migration
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter((s) => !s.startsWith('ALTER TABLE'));
    for (const statement of statements) await server.db.execute(sql.raw(statement));

    const rows = await server.db.select().from(roofMeasurements).where(eq(roofMeasurements.projectId, projectId));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(rows).toHaveLength(3);
    expect(byId.get(newer.id)).toMatchObject({ supersededBy: null, reportFileName: 'report.pdf', reportFilePath: 'x/report.pdf' });
    expect(byId.get(older.id)).toMatchObject({ supersededBy: newer.id, reportFilePath: null });
    expect(byId.get(other.id)).toMatchObject({ supersededBy: newer.id });
    expect((await listed(owner.client, `?projectId=${projectId}`)).map((m) => m.id)).toEqual([newer.id]);
    expect((await listed(owner.client, `?sessionId=${sessionId}`)).map((m) => m.id)).toEqual([newer.id]);
  });
});
