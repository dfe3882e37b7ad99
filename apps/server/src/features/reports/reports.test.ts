import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  packetDefaultsSchema,
  reportDetailResponseSchema,
  reportListResponseSchema,
  shotReadinessSchema,
  type ReportDetail,
  type ReportDocument,
} from '@ridgeline/shared/contracts/documents';
import { DEFAULT_COVER_LETTER } from '@ridgeline/shared/domain/documents';
import type { PhotoCategory } from '@ridgeline/shared/domain/field-capture';
import {
  companies,
  estimates,
  inspectionPhotos,
  inspectionSessions,
  notifications,
  projectActivity,
  projectFiles,
  proposals,
  reports,
  roofMeasurements,
} from '../../infra/db/schema/index';
import { corruptPng, tinyPng } from '../../test/images';
import type { PdfDocumentModel } from '../../infra/pdf/model';
import type { renderPdfTo } from '../../infra/pdf/render';
import type { MailMessage } from '../../infra/mail/mailer';
import { insertProjectRow, signedInOwner, signedInUser, type SignedUpUser } from '../../test/factories';
import { useTestServer } from '../../test/use-test-server';
import { renderDocument } from './report-jobs';

// Reports through the real HTTP stack on a real database: the shot-list check and its override,
// drafts saved from their version, tenant isolation on every endpoint, and the render job with the
// engine replaced by a recorder (what the engine is given, progress, storage, inbox, no re-render
// of an unchanged document).

const server = useTestServer();
let owner: Awaited<ReturnType<typeof signedInOwner>>;
let colleague: SignedUpUser & { user: { id: string } };
let member: SignedUpUser;
let outsider: Awaited<ReturnType<typeof signedInOwner>>;
let projectId: string;
let sessionId: string;
let emptyProjectId: string;
let foreignProjectId: string;
let foreignPhotoId: string;
const photoIds: Record<string, string> = {};

/** A main house measured by hand: 6/12 over 1,000 sq ft and 8/12 over 20 x 30 ft: 18.39 squares, 20.23 with 10% waste. */
const mainHouse = () => ({
  structureId: 'house',
  name: 'Main house',
  facets: [
    { id: 'f1', name: 'Front', pitchRise: 6, planAreaSqFt: 1000, lengthFt: null, widthFt: null },
    { id: 'f2', name: 'Back', pitchRise: 8, planAreaSqFt: null, lengthFt: 20, widthFt: 30 },
  ],
  linear: { ridge: 40, hip: 0, valley: 12, rake: 60, eave: 80, stepFlashing: 10, headwall: 8 },
  hipValleyInPlan: false,
  wastePct: 10,
  layers: 1,
  stories: 2,
});
const line = () => ({
  id: 'l1',
  code: 'shingles',
  description: 'Laminated comp. shingle roofing, w/ felt',
  quantity: 20.23,
  unit: 'SQ',
  unitPriceCents: 28_500,
  depreciationBp: 0,
  source: 'formula',
  basis: '18.39 SQ + 10% waste',
});

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
let shade = 0;
async function jpeg(): Promise<Buffer> {
  shade += 1;
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: (shade * 40) % 256, g: (shade * 7) % 256, b: 90 } } })
    .jpeg()
    .toBuffer();
}

async function insertPhoto(
  companyId: string,
  session: string | null,
  project: string | null,
  category: PhotoCategory,
  subcategory: string | null,
  extra: { notes?: string; capturedAt?: string; uploadedBy?: string } = {},
): Promise<string> {
  const id = randomUUID();
  const bytes = await jpeg();
  const filePath = `photos/${id}.jpg`;
  await server.deps.storage.put('project-files', filePath, bytes, { contentType: 'image/jpeg' });
  await server.db.insert(inspectionPhotos).values({
    id,
    companyId,
    sessionId: session,
    projectId: project,
    structureId: null,
    filePath,
    fileName: `${subcategory ?? category}.jpg`,
    fileSize: bytes.length,
    mimeType: 'image/jpeg',
    sha256: sha(bytes),
    width: 64,
    height: 48,
    category,
    subcategory,
    phase: null,
    notes: extra.notes ?? null,
    capturedAt: new Date(extra.capturedAt ?? '2026-05-02T14:00:00Z'),
    uploadedBy: extra.uploadedBy ?? null,
  });
  return id;
}

const detailOf = (body: unknown): ReportDetail => reportDetailResponseSchema.parse(body).report;

async function create(client: SignedUpUser['client'], body: Record<string, unknown>) {
  return client.post<{ report: ReportDetail; error: { code: string; message: string } }>('/api/reports', body);
}

async function rowOf(id: string) {
  const [row] = await server.db.select().from(reports).where(eq(reports.id, id));
  if (!row) throw new Error('report row missing');
  return row;
}

beforeAll(async () => {
  owner = await signedInOwner(server, { phone: '+1 555 010 9999', address: '1 Main St, Dallas, TX' });
  colleague = await signedInUser(server, { company: owner.company, role: 'manager', firstName: 'Alice', lastName: 'Smith' });
  member = await signedInUser(server, { company: owner.company, role: 'member' });
  outsider = await signedInOwner(server);
  const companyId = owner.company.id;
  const project = await insertProjectRow(server.db, companyId, {
    title: 'Hail claim Smith',
    street: '12 Shingle Way',
    city: 'Dallas',
    state: 'TX',
    zip: '75201',
    claimNumber: 'CLM-778',
    homeownerName: 'Pat Smith',
  });
  projectId = project.id;
  emptyProjectId = (await insertProjectRow(server.db, companyId)).id;
  foreignProjectId = (await insertProjectRow(server.db, outsider.company.id)).id;
  sessionId = randomUUID();
  await server.db.insert(inspectionSessions).values({
    id: sessionId,
    companyId,
    projectId,
    street: '12 Shingle Way',
    inspectorId: owner.company.owner.id,
    structures: [
      {
        id: 'house',
        name: 'Main house',
        kind: 'main_house',
        areas: ['roof', 'front', 'right', 'rear', 'left'],
        slopes: [
          { direction: 'S', testSquareHits: 11 },
          { direction: 'N', testSquareHits: null },
        ],
      },
    ],
  });
  const uploader = owner.company.owner.id;
  let minute = 0;
  const at = () => `2026-05-02T14:${String((minute += 1)).padStart(2, '0')}:00Z`;
  const add = async (key: string, category: PhotoCategory, subcategory: string | null, notes?: string) => {
    photoIds[key] = await insertPhoto(companyId, sessionId, projectId, category, subcategory, {
      capturedAt: at(),
      uploadedBy: uploader,
      ...(notes ? { notes } : {}),
    });
  };
  await add('interior', 'interior', 'attic');
  await add('front', 'elevation', 'front', 'Front of the house, facing north');
  await add('house', 'overview', 'front_of_house');
  await add('address', 'overview', 'address');
  await add('right', 'elevation', 'right');
  await add('rear', 'elevation', 'rear');
  await add('left', 'elevation', 'left');
  await add('slopeN', 'roof', 'slope_n');
  await add('squareS', 'roof', 'test_square_s', 'Eleven hits in the square');
  await add('slopeS', 'roof', 'slope_s');
  // The test square of slope N is missing.
  foreignPhotoId = await insertPhoto(outsider.company.id, null, foreignProjectId, 'overview', 'address');
});

describe('readiness', () => {
  it('lists the required shots with no photo', async () => {
    const response = await owner.client.get(`/api/reports/readiness?projectId=${projectId}`);
    expect(response.status).toBe(200);
    const readiness = shotReadinessSchema.parse(response.body);
    expect(readiness.complete).toBe(false);
    expect(readiness.missing.map((m) => m.label)).toEqual(['Test square N']);
    expect(readiness.photoCount).toBe(10);
    expect(readiness.captured).toBe(readiness.required - 1);
  });

  it('reads a claim file with no inspection as one structure with every area', async () => {
    const readiness = shotReadinessSchema.parse((await owner.client.get(`/api/reports/readiness?projectId=${emptyProjectId}`)).body);
    expect(readiness.missing.map((m) => m.label)).toEqual(
      expect.arrayContaining(['Front of house', 'Front elevation', 'Left elevation', 'Gutter', 'Ceiling stain']),
    );
    expect(readiness.photoCount).toBe(0);
  });

  it('refuses bad input and another company', async () => {
    expect((await owner.client.get('/api/reports/readiness')).status).toBe(400);
    expect((await owner.client.get(`/api/reports/readiness?projectId=${projectId}&sessionId=${sessionId}`)).status).toBe(400);
    expect((await owner.client.get('/api/reports/readiness?projectId=nope')).status).toBe(400);
    expect((await outsider.client.get(`/api/reports/readiness?projectId=${projectId}`)).status).toBe(404);
    expect((await outsider.client.get(`/api/reports/readiness?sessionId=${sessionId}`)).status).toBe(404);
  });
});

describe('creating a photo report', () => {
  it('refuses with 422 while required shots are missing and no reason is given', async () => {
    const response = await create(owner.client, { kind: 'photo', projectId });
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe('SHOT_LIST_INCOMPLETE');
    expect(response.body.error.message).toBe('Required photos are missing: Test square N. Take them first, or give a reason to make the report anyway.');
    expect(await server.db.select().from(reports).where(eq(reports.projectId, projectId))).toHaveLength(0);
  });

  it('makes it with a reason: queued, arranged in the adjusters order, the reason kept', async () => {
    const response = await create(owner.client, { kind: 'photo', projectId, layout: 4, overrideReason: 'Roof too steep to reach slope N' });
    expect(response.status).toBe(201);
    const report = detailOf(response.body);
    expect(['queued', 'rendering', 'ready', 'failed']).toContain(report.status);
    expect(report.kind).toBe('photo');
    expect(report.title).toBe('Photo report - 12 Shingle Way');
    expect(report.sourceLabel).toBe('Hail claim Smith');
    expect(report.overrideReason).toBe('Roof too steep to reach slope N');
    expect(report.createdBy?.id).toBe(owner.company.owner.id);
    expect(report.document.sections.map((s) => s.title)).toEqual([
      'Overview',
      'Front elevation',
      'Right elevation',
      'Rear elevation',
      'Left elevation',
      'Roof slope S',
      'Roof slope N',
      'Interior',
    ]);
    expect(report.document.sections.every((s) => s.layout === 4)).toBe(true);
    const south = report.document.sections.find((s) => s.title === 'Roof slope S');
    expect(south?.note).toBe('Test square: S = 11 hits');
    expect(south?.photos).toEqual([
      { photoId: photoIds.slopeS, caption: '' },
      { photoId: photoIds.squareS, caption: 'Eleven hits in the square' },
    ]);
  });

  it('refuses bad input with 400 and another company’s claim file with 404', async () => {
    expect((await create(owner.client, { kind: 'memo', projectId })).status).toBe(400);
    expect((await create(owner.client, { kind: 'photo' })).status).toBe(400);
    expect((await create(owner.client, { kind: 'photo', projectId, sessionId })).status).toBe(400);
    expect((await create(owner.client, { kind: 'photo', projectId, layout: 3 })).status).toBe(400);
    expect((await create(owner.client, { kind: 'photo', projectId, overrideReason: 'x'.repeat(501) })).status).toBe(400);
    expect((await owner.client.post('/api/reports', undefined, { body: '{"kind":' })).status).toBe(400);
    expect((await create(outsider.client, { kind: 'photo', projectId, overrideReason: 'try' })).status).toBe(404);
    expect((await create(outsider.client, { kind: 'advanced', sessionId })).status).toBe(404);
  });
});

describe('drafts of the editor', () => {
  let draft: ReportDetail;

  beforeAll(async () => {
    draft = detailOf((await create(owner.client, { kind: 'advanced', sessionId })).body);
  });

  it('starts as a draft with the photos in the adjusters order', () => {
    expect(draft.status).toBe('draft');
    expect(draft.kind).toBe('advanced');
    expect(draft.title).toBe('Advanced photo report - 12 Shingle Way');
    expect(draft.version).toBe(1);
    expect(draft.document.sections[0]?.title).toBe('Overview');
    expect(draft.document.sections[1]?.photos[0]?.caption).toBe('Front of the house, facing north');
  });

  it('saves from the stored version and refuses a stale one naming who saved last', async () => {
    const document: ReportDocument = { ...draft.document, sections: [...draft.document.sections].reverse() };
    const first = await colleague.client.request('PUT', `/api/reports/${draft.id}`, { json: { version: 1, document, title: 'Smith roof' } });
    expect(first.status).toBe(200);
    const saved = detailOf(first.body);
    expect(saved.version).toBe(2);
    expect(saved.title).toBe('Smith roof');
    expect(saved.document.sections[0]?.title).toBe('Interior');
    expect(saved.updatedBy?.name).toBe('Alice Smith');

    const late = await owner.client.request<{ error: { code: string; message: string } }>('PUT', `/api/reports/${draft.id}`, {
      json: { version: 1, document: draft.document },
    });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('DRAFT_CHANGED');
    expect(late.body.error.message).toMatch(/^Alice Smith saved this draft at \d{2}:\d{2} UTC after you opened it\. Reload to see their changes\.$/);
    expect(detailOf((await owner.client.get(`/api/reports/${draft.id}`)).body).document.sections[0]?.title).toBe('Interior');
  });

  it('refuses photos that are not the source’s, duplicate sections and bad bodies', async () => {
    const current = detailOf((await owner.client.get(`/api/reports/${draft.id}`)).body);
    const withForeign: ReportDocument = {
      ...current.document,
      sections: [{ id: 'x', title: 'X', note: '', layout: 1, photos: [{ photoId: foreignPhotoId, caption: '' }] }],
    };
    const foreign = await owner.client.request<{ error: { code: string } }>('PUT', `/api/reports/${draft.id}`, {
      json: { version: current.version, document: withForeign },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.code).toBe('VALIDATION_ERROR');
    const twice: ReportDocument = {
      ...current.document,
      sections: [
        { id: 'a', title: 'A', note: '', layout: 1, photos: [] },
        { id: 'a', title: 'B', note: '', layout: 1, photos: [] },
      ],
    };
    expect((await owner.client.request('PUT', `/api/reports/${draft.id}`, { json: { version: current.version, document: twice } })).status).toBe(400);
    expect((await owner.client.request('PUT', `/api/reports/${draft.id}`, { json: { version: 0, document: current.document } })).status).toBe(400);
    expect((await owner.client.request('PUT', `/api/reports/${draft.id}`, { json: { version: current.version } })).status).toBe(400);
    expect((await owner.client.request('PUT', `/api/reports/${draft.id}`, { body: new Uint8Array([1, 2]) })).status).toBe(415);
    expect((await owner.client.request('PUT', '/api/reports/not-a-uuid', { json: { version: 1, document: current.document } })).status).toBe(400);
    expect(detailOf((await owner.client.get(`/api/reports/${draft.id}`)).body).version).toBe(current.version);
  });

  it('answers 404 to another company on every endpoint of a report', async () => {
    const current = detailOf((await owner.client.get(`/api/reports/${draft.id}`)).body);
    expect((await outsider.client.get(`/api/reports/${draft.id}`)).status).toBe(404);
    expect((await outsider.client.request('PUT', `/api/reports/${draft.id}`, { json: { version: current.version, document: current.document } })).status).toBe(
      404,
    );
    expect((await outsider.client.post(`/api/reports/${draft.id}/render`, { overrideReason: 'mine now' })).status).toBe(404);
    expect((await outsider.client.get(`/api/reports/${draft.id}/file`)).status).toBe(404);
    expect((await outsider.client.delete(`/api/reports/${draft.id}`)).status).toBe(404);
    const list = reportListResponseSchema.parse((await outsider.client.get('/api/reports')).body);
    expect(list.total).toBe(0);
    expect(list.reports).toEqual([]);
    expect((await outsider.client.get(`/api/reports?projectId=${projectId}`)).body).toEqual({ reports: [], total: 0 });
    expect((await owner.client.get(`/api/reports/${draft.id}`)).status).toBe(200);
  });

  it('refuses bad render requests', async () => {
    expect((await owner.client.post(`/api/reports/${draft.id}/render`, { overrideReason: 'x'.repeat(501) })).status).toBe(400);
    expect((await owner.client.request('POST', `/api/reports/${draft.id}/render`, { body: 'nope' })).status).toBe(400);
    expect((await owner.client.post('/api/reports/not-a-uuid/render', {})).status).toBe(400);
    expect((await owner.client.post(`/api/reports/${randomUUID()}/render`, {})).status).toBe(404);
    expect((await owner.client.get('/api/reports/not-a-uuid/file')).status).toBe(400);
    // Missing shots still refuse a render without a reason.
    const refused = await owner.client.post<{ error: { code: string } }>(`/api/reports/${draft.id}/render`, {});
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('SHOT_LIST_INCOMPLETE');
    expect((await rowOf(draft.id)).status).toBe('draft');
  });

  it('has no file while a draft', async () => {
    const response = await owner.client.get<{ error: { code: string } }>(`/api/reports/${draft.id}/file`);
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('DOCUMENT_NOT_READY');
  });
});

describe('the list', () => {
  it('lists the company’s reports newest first, by project, kind and status, a page at a time', async () => {
    const all = reportListResponseSchema.parse((await member.client.get('/api/reports')).body);
    expect(all.total).toBeGreaterThanOrEqual(2);
    const times = all.reports.map((r) => Date.parse(r.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const drafts = reportListResponseSchema.parse((await member.client.get('/api/reports?status=draft&kind=advanced')).body);
    expect(drafts.reports.every((r) => r.status === 'draft' && r.kind === 'advanced')).toBe(true);
    expect(drafts.total).toBeGreaterThanOrEqual(1);
    const paged = reportListResponseSchema.parse((await member.client.get(`/api/reports?projectId=${projectId}&pageSize=1&page=1`)).body);
    expect(paged.reports).toHaveLength(1);
    expect(paged.total).toBeGreaterThanOrEqual(2);
    expect(reportListResponseSchema.parse((await member.client.get(`/api/reports?projectId=${emptyProjectId}`)).body).total).toBe(0);
  });

  it('asks for a sign-in first', async () => {
    const anonymous = server.client();
    expect((await anonymous.get('/api/reports')).status).toBe(401);
    expect((await anonymous.get(`/api/reports/readiness?projectId=${projectId}`)).status).toBe(401);
    expect((await anonymous.post('/api/reports', { kind: 'photo', projectId, overrideReason: 'x' })).status).toBe(401);
  });

  it('refuses bad queries', async () => {
    expect((await owner.client.get('/api/reports?kind=memo')).status).toBe(400);
    expect((await owner.client.get('/api/reports?status=done')).status).toBe(400);
    expect((await owner.client.get('/api/reports?page=0')).status).toBe(400);
    expect((await owner.client.get('/api/reports?pageSize=101')).status).toBe(400);
    expect((await owner.client.get('/api/reports?projectId=12')).status).toBe(400);
    expect((await owner.client.get('/api/reports/not-a-uuid')).status).toBe(400);
    expect((await owner.client.get(`/api/reports/${randomUUID()}`)).status).toBe(404);
  });
});

describe('deleting', () => {
  it('removes the report and its stored file', async () => {
    const report = detailOf((await create(owner.client, { kind: 'advanced', projectId })).body);
    const path = `${owner.company.id}/${report.id}/1.pdf`;
    await server.deps.storage.put('documents', path, Buffer.from('%PDF-1.4\n'), { contentType: 'application/pdf' });
    await server.db.update(reports).set({ status: 'ready', filePath: path }).where(eq(reports.id, report.id));
    expect((await outsider.client.delete(`/api/reports/${report.id}`)).status).toBe(404);
    expect((await owner.client.delete(`/api/reports/${report.id}`)).status).toBe(204);
    expect((await owner.client.get(`/api/reports/${report.id}`)).status).toBe(404);
    expect(await server.deps.storage.get('documents', path)).toBeNull();
    expect((await owner.client.delete(`/api/reports/${report.id}`)).status).toBe(404);
    expect((await owner.client.delete('/api/reports/nope')).status).toBe(400);
  });

  it('is owner and manager work: a member, even the one who made it, gets 403 and the report, its PDF and its share link stay', async () => {
    const manager = await signedInUser(server, { company: owner.company, role: 'manager' });
    const report = detailOf((await create(member.client, { kind: 'advanced', projectId })).body);
    const path = `${owner.company.id}/${report.id}/1.pdf`;
    await server.deps.storage.put('documents', path, Buffer.from('%PDF-1.4\n'), { contentType: 'application/pdf' });
    await server.db.update(reports).set({ status: 'ready', filePath: path }).where(eq(reports.id, report.id));
    const shared = await member.client.post('/api/share-links', { reportId: report.id, audience: 'adjuster' });
    expect(shared.status, shared.text).toBe(201);
    const [before] = await server.db.select().from(reports).where(eq(reports.id, report.id));

    const refused = await member.client.delete(`/api/reports/${report.id}`);
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: 'FORBIDDEN', message: 'Only company owners and managers can delete a document.' } });
    expect((await server.db.select().from(reports).where(eq(reports.id, report.id)))[0]).toEqual(before);
    expect(await server.deps.storage.get('documents', path)).not.toBeNull();
    expect((await member.client.get(`/api/share-links?projectId=${projectId}`)).text).toContain(report.id);

    expect((await manager.client.delete(`/api/reports/${report.id}`)).status).toBe(204);
  });
});

describe('packets', () => {
  it('gives the packet dialog the template, the claim values and the estimates', async () => {
    const response = await owner.client.get(`/api/reports/packet-defaults?projectId=${projectId}`);
    expect(response.status).toBe(200);
    const defaults = packetDefaultsSchema.parse(response.body);
    expect(defaults.template).toBe(DEFAULT_COVER_LETTER);
    expect(defaults.values.claim_number).toBe('CLM-778');
    expect(defaults.values.homeowner_name).toBe('Pat Smith');
    expect(defaults.values.property_address).toBe('12 Shingle Way, Dallas, TX 75201');
    expect(defaults.estimates).toEqual([]);
    expect((await owner.client.get('/api/reports/packet-defaults')).status).toBe(400);
    expect((await outsider.client.get(`/api/reports/packet-defaults?projectId=${projectId}`)).status).toBe(404);
  });

  it('lets owners and managers set the cover letter template, and a blank one restores the default', async () => {
    const put = (client: SignedUpUser['client'], json: unknown) => client.request('PUT', '/api/reports/cover-letter-template', { json });
    expect((await put(member.client, { template: 'Hi {{adjuster_name}}' })).status).toBe(403);
    expect((await put(owner.client, { template: 'x'.repeat(8001) })).status).toBe(400);
    expect((await put(owner.client, {})).status).toBe(400);
    expect((await put(colleague.client, { template: 'Dear {{adjuster_name}}, claim {{claim_number}}.' })).status).toBe(204);
    expect(packetDefaultsSchema.parse((await owner.client.get(`/api/reports/packet-defaults?projectId=${projectId}`)).body).template).toBe(
      'Dear {{adjuster_name}}, claim {{claim_number}}.',
    );
    const [other] = await server.db.select({ template: companies.coverLetterTemplate }).from(companies).where(eq(companies.id, outsider.company.id));
    expect(other?.template).toBeNull();
    expect(packetDefaultsSchema.parse((await outsider.client.get(`/api/reports/packet-defaults?projectId=${foreignProjectId}`)).body).template).toBe(
      DEFAULT_COVER_LETTER,
    );
    expect((await put(owner.client, { template: '  ' })).status).toBe(204);
    expect(packetDefaultsSchema.parse((await owner.client.get(`/api/reports/packet-defaults?projectId=${projectId}`)).body).template).toBe(
      DEFAULT_COVER_LETTER,
    );
  });

  it('refuses bad packets and another company’s claim file', async () => {
    const post = (client: SignedUpUser['client'], json: unknown) => client.post<{ error: { code: string } }>('/api/reports/packet', json);
    expect((await post(owner.client, { coverLetter: 'Hi' })).status).toBe(400);
    expect((await post(owner.client, { projectId: 'nope', coverLetter: 'Hi' })).status).toBe(400);
    expect((await post(owner.client, { projectId, coverLetter: 'Hi', estimateId: randomUUID(), overrideReason: 'steep' })).status).toBe(400);
    expect((await post(owner.client, { projectId, coverLetter: 'Hi' })).body.error.code).toBe('SHOT_LIST_INCOMPLETE');
    expect((await post(outsider.client, { projectId, coverLetter: 'Hi', photoReport: false })).status).toBe(404);
    // The claim file has no adjuster: a letter naming one would print a stand-in, so it is refused.
    const noAdjuster = await post(owner.client, { projectId, coverLetter: 'Dear {{adjuster_name}}', photoReport: false, overrideReason: 'steep' });
    expect(noAdjuster.status).toBe(422);
    expect(noAdjuster.body.error.code).toBe('COVER_LETTER_INCOMPLETE');
    const made = await post(owner.client, { projectId, coverLetter: 'Dear {{homeowner_name}}', photoReport: false, overrideReason: 'steep' });
    expect(made.status).toBe(201);
    const packet = detailOf(made.body);
    expect(packet.kind).toBe('packet');
    expect(packet.packet).toEqual({ coverLetter: 'Dear {{homeowner_name}}', photoReport: false, measurements: true, estimateId: null });
    expect(packet.title).toBe('Claim packet - 12 Shingle Way');
  });
});

describe('the render job', () => {
  type Recorded = { model: PdfDocumentModel; images: number };
  const recorded: Recorded[] = [];
  /** Stands in for the engine: records the model, reads every image through readImage, reports progress. */
  const recorder: typeof renderPdfTo = async (model, options, output) => {
    let images = 0;
    for (const section of model.sections) {
      if (section.part.kind !== 'photos') continue;
      for (const s of section.part.sections) {
        for (const photo of s.photos) {
          if (await options.readImage(photo.image)) images += 1;
        }
      }
    }
    options.onProgress?.(50);
    recorded.push({ model, images });
    const bytes = Buffer.from(`%PDF-1.4\n% ${model.title}\n%%EOF\n`);
    output.end(bytes);
    return { pageCount: 3, byteLength: bytes.length };
  };
  const mails: MailMessage[] = [];
  const deps = () => ({
    db: server.db,
    storage: server.deps.storage,
    logger: server.deps.logger,
    render: recorder,
    queueMail: async (message: MailMessage) => {
      mails.push(message);
    },
  });

  /** A report queued by hand (the real queue does not see it), then rendered by the job with the recorder. */
  async function queuedDraft(): Promise<ReportDetail> {
    const draft = detailOf((await create(owner.client, { kind: 'advanced', projectId })).body);
    await server.db.update(reports).set({ status: 'queued', overrideReason: 'Slope N too steep' }).where(eq(reports.id, draft.id));
    return draft;
  }

  it('renders a queued report: the model in order, the evidence appendix, the file stored, ready, the inbox entry', async () => {
    const draft = await queuedDraft();
    await renderDocument(deps(), { reportId: draft.id, companyId: owner.company.id });
    const row = await rowOf(draft.id);
    expect(row.status).toBe('ready');
    expect(row.progress).toBe(100);
    expect(row.pageCount).toBe(3);
    expect(row.filePath).toMatch(new RegExp(`^${owner.company.id}/${draft.id}/\\d+\\.pdf$`));
    expect(row.renderedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.renderedAt).not.toBeNull();

    const { model, images } = recorded.at(-1) ?? { model: null, images: 0 };
    expect(images).toBe(10);
    expect(model?.sections.map((s) => s.part.kind)).toEqual(['cover', 'photos', 'evidence']);
    const cover = model?.sections[0]?.part;
    if (cover?.kind !== 'cover') throw new Error('no cover');
    expect(cover.cover.companyAddress).toBe('1 Main St, Dallas, TX');
    expect(cover.cover.overrideReason).toBe('Slope N too steep');
    expect(cover.cover.facts.map((f) => f.label)).toEqual([
      'Property',
      'Homeowner',
      'Carrier',
      'Policy number',
      'Claim number',
      'Adjuster',
      'Loss type',
      'Date of loss',
      'Loss description',
      'Inspector',
      'Date',
    ]);
    expect(cover.cover.facts.find((f) => f.label === 'Claim number')?.value).toBe('CLM-778');
    expect(cover.cover.facts.find((f) => f.label === 'Inspector')?.value).toBe(`${owner.company.owner.firstName} ${owner.company.owner.lastName}`);
    const photos = model?.sections[1]?.part;
    if (photos?.kind !== 'photos') throw new Error('no photos');
    expect(photos.sections.map((s) => s.title)).toEqual([
      'Overview',
      'Front elevation',
      'Right elevation',
      'Rear elevation',
      'Left elevation',
      'Roof slope S',
      'Roof slope N',
      'Interior',
    ]);
    expect(photos.sections[1]?.photos[0]?.caption).toBe('Front of the house, facing north');
    // The company has no time zone yet: times print in UTC, named.
    expect(photos.sections[1]?.photos[0]?.capturedAt).toMatch(/^May 2, 2026, 2:\d{2} PM UTC$/);
    const evidence = model?.sections[2]?.part;
    if (evidence?.kind !== 'evidence') throw new Error('no evidence');
    expect(evidence.rows).toHaveLength(10);
    const [frontRow] = await server.db
      .select({ sha256: inspectionPhotos.sha256 })
      .from(inspectionPhotos)
      .where(eq(inspectionPhotos.id, photoIds.front ?? ''));
    expect(evidence.rows.map((r) => r.sha256)).toContain(frontRow?.sha256);
    expect(evidence.rows[0]?.uploader).toBe(`${owner.company.owner.firstName} ${owner.company.owner.lastName}`);

    const entries = await server.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.profileId, owner.company.owner.id), eq(notifications.kind, 'document_ready')));
    const entry = entries.find((e) => e.title === `${draft.title} is ready`);
    expect(entry?.body).toBe('3 pages');
    expect(entry?.link).toBe(`/projects/${projectId}?tab=documents`);

    const file = await fetch(`${server.url}/api/reports/${draft.id}/file`, { headers: { Cookie: owner.client.cookieHeader() } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="Advanced photo report - 12 Shingle Way.pdf"');
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('answers ready at once when nothing changed, and renders again after a caption changed', async () => {
    const draft = await queuedDraft();
    await renderDocument(deps(), { reportId: draft.id, companyId: owner.company.id });
    const first = await rowOf(draft.id);
    const again = await owner.client.post(`/api/reports/${draft.id}/render`, {});
    expect(again.status).toBe(200);
    const unchanged = detailOf(again.body);
    expect(unchanged.status).toBe('ready');
    expect(unchanged.stale).toBe(false);
    expect((await rowOf(draft.id)).renderedAt?.getTime()).toBe(first.renderedAt?.getTime());

    const document = structuredClone(unchanged.document);
    const section = document.sections[0];
    if (!section?.photos[0]) throw new Error('no photo');
    section.photos[0].caption = 'Street view with the house number';
    const saved = detailOf((await owner.client.request('PUT', `/api/reports/${draft.id}`, { json: { version: unchanged.version, document } })).body);
    expect(saved.status).toBe('ready');
    expect(saved.stale).toBe(true);
    const listed = reportListResponseSchema.parse((await owner.client.get(`/api/reports?projectId=${projectId}`)).body).reports.find((r) => r.id === draft.id);
    expect(listed?.stale).toBe(true);

    const rendered = detailOf((await owner.client.post(`/api/reports/${draft.id}/render`, {})).body);
    expect(['queued', 'rendering', 'ready', 'failed']).toContain(rendered.status);
    expect(rendered.status).not.toBe('ready');
    expect((await rowOf(draft.id)).inputHash).not.toBe(first.renderedHash);
  });

  it('marks the report failed with the reason in words when a photo file is missing, and does not throw', async () => {
    const draft = await queuedDraft();
    const photo = draft.document.sections[0]?.photos[0];
    const [row] = await server.db
      .select()
      .from(inspectionPhotos)
      .where(eq(inspectionPhotos.id, photo?.photoId ?? ''));
    if (!row) throw new Error('no photo row');
    const saved = await server.deps.storage.get('project-files', row.filePath);
    await server.deps.storage.remove('project-files', row.filePath);
    try {
      await expect(renderDocument(deps(), { reportId: draft.id, companyId: owner.company.id })).resolves.toBeUndefined();
      const failed = await rowOf(draft.id);
      expect(failed.status).toBe('failed');
      expect(failed.error).toBe(`The PDF could not be made: the photo ${row.fileName} is missing from storage.`);
      const answer = detailOf((await owner.client.get(`/api/reports/${draft.id}`)).body);
      expect(answer.error).toBe(failed.error);
    } finally {
      if (saved) await server.deps.storage.put('project-files', row.filePath, saved.body, { contentType: 'image/jpeg', upsert: true });
    }
  });

  it('stores the PDF the engine streams, whole: the bytes on file are the file, their size and pages on the report', async () => {
    const draft = await queuedDraft();
    // The real engine, drawing the report's ten photos.
    const { db, storage, logger, queueMail } = deps();
    await renderDocument({ db, storage, logger, queueMail }, { reportId: draft.id, companyId: owner.company.id });
    const row = await rowOf(draft.id);
    expect(row.status).toBe('ready');
    const stored = await server.deps.storage.get('documents', row.filePath ?? '');
    if (!stored) throw new Error('no stored PDF');
    expect(stored.contentType).toBe('application/pdf');
    expect(stored.body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(stored.body.subarray(-6).toString()).toBe('%%EOF\n');
    expect(row.fileSize).toBe(stored.body.length);
    const dir = await mkdtemp(join(tmpdir(), 'ridgeline-streamed-'));
    await writeFile(join(dir, 'report.pdf'), stored.body);
    const info = (await promisify(execFile)('pdfinfo', [join(dir, 'report.pdf')])).stdout;
    expect(Number(/Pages:\s+(\d+)/.exec(info)?.[1])).toBe(row.pageCount);
  });

  it('leaves no file in storage when a render fails after part of the PDF was written', async () => {
    const draft = await queuedDraft();
    const at = new Date('2026-05-04T10:00:00Z');
    const path = `${owner.company.id}/${draft.id}/${at.getTime()}.pdf`;
    let wrote = false;
    const breaksHalfway: typeof renderPdfTo = async (_model, _options, output) => {
      output.write(Buffer.from('%PDF-1.4\n% the first pages\n'));
      await new Promise((resolve) => setTimeout(resolve, 50));
      wrote = true;
      throw new Error('drawing it needed more than 256 MB of memory, so it was stopped.');
    };
    await renderDocument({ ...deps(), render: breaksHalfway, now: () => at }, { reportId: draft.id, companyId: owner.company.id });
    expect(wrote).toBe(true);
    const failed = await rowOf(draft.id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe('The PDF could not be made: drawing it needed more than 256 MB of memory, so it was stopped.');
    expect(failed.filePath).toBeNull();
    expect(await server.deps.storage.get('documents', path)).toBeNull();
  });

  it('stops drawing at the first photo missing from storage, and keeps nothing of the PDF', async () => {
    const draft = await queuedDraft();
    const at = new Date('2026-05-04T11:00:00Z');
    const path = `${owner.company.id}/${draft.id}/${at.getTime()}.pdf`;
    const first = draft.document.sections[0]?.photos[0];
    const [row] = await server.db
      .select()
      .from(inspectionPhotos)
      .where(eq(inspectionPhotos.id, first?.photoId ?? ''));
    if (!row) throw new Error('no photo row');
    const saved = await server.deps.storage.get('project-files', row.filePath);
    await server.deps.storage.remove('project-files', row.filePath);
    let readAfter = 0;
    const counting: typeof renderPdfTo = async (model, options, output) => {
      output.write(Buffer.from('%PDF-1.4\n'));
      let failedOnce = false;
      for (const section of model.sections) {
        if (section.part.kind !== 'photos') continue;
        for (const s of section.part.sections) {
          for (const photo of s.photos) {
            if (output.destroyed) throw new Error('the file being written was closed before the document was drawn.');
            if (failedOnce) readAfter += 1;
            await options.readImage(photo.image).catch(() => (failedOnce = true));
          }
        }
      }
      output.end();
      return { pageCount: 1, byteLength: 10 };
    };
    try {
      await renderDocument({ ...deps(), render: counting, now: () => at }, { reportId: draft.id, companyId: owner.company.id });
      const failed = await rowOf(draft.id);
      expect(failed.status).toBe('failed');
      expect(failed.error).toBe(`The PDF could not be made: the photo ${row.fileName} is missing from storage.`);
      expect(readAfter).toBe(0);
      expect(await server.deps.storage.get('documents', path)).toBeNull();
    } finally {
      if (saved) await server.deps.storage.put('project-files', row.filePath, saved.body, { contentType: 'image/jpeg', upsert: true });
    }
  });

  it('leaves another company’s report alone when the payload names the wrong company', async () => {
    const draft = await queuedDraft();
    await renderDocument(deps(), { reportId: draft.id, companyId: outsider.company.id });
    expect((await rowOf(draft.id)).status).toBe('queued');
  });
  it('renders a packet: cover letter filled in, the photo report, measurements, the estimate and its supplement list', async () => {
    const companyId = owner.company.id;
    await server.db.insert(roofMeasurements).values({ companyId, sessionId, projectId, label: 'Roof', structures: [mainHouse()] });
    const [estimate] = await server.db
      .insert(estimates)
      .values({
        companyId,
        sessionId,
        projectId,
        version: 1,
        lines: [line()],
        supplement: [
          {
            code: 'drip_edge',
            description: 'Drip edge',
            kind: 'missing',
            ourQuantity: 140,
            carrierQuantity: 0,
            unit: 'LF',
            amountCents: 42_000,
            support: '140 LF of eave and rake',
          },
        ],
        subtotalCents: 576_555,
        rcvCents: 576_555,
        acvCents: 576_555,
      })
      .returning();
    if (!estimate) throw new Error('no estimate');
    const draft = detailOf((await create(owner.client, { kind: 'advanced', projectId })).body);
    await server.db
      .update(reports)
      .set({
        kind: 'packet',
        status: 'queued',
        packet: {
          coverLetter: 'Claim {{claim_number}} for {{homeowner_name}}: {{estimate_total}}. {{policy_number}}',
          photoReport: true,
          measurements: true,
          estimateId: estimate.id,
        },
      })
      .where(eq(reports.id, draft.id));
    await renderDocument(deps(), { reportId: draft.id, companyId });
    expect((await rowOf(draft.id)).status).toBe('ready');
    const model = recorded.at(-1)?.model;
    expect(model?.sections.map((s) => s.bookmark)).toEqual([
      'Cover letter',
      'Photo report',
      'Photos',
      'Photo evidence',
      'Measurements',
      'Estimate',
      'Supplement',
    ]);
    const letter = model?.sections[0]?.part;
    // A field with no value (made so behind the service's check) prints as nothing, never as a mark.
    expect(letter?.kind === 'letter' ? letter.body : '').toBe('Claim CLM-778 for Pat Smith: $5,765.55. ');
    const measurements = model?.sections[4]?.part;
    if (measurements?.kind !== 'tables') throw new Error('no measurements');
    expect(measurements.tables[0]?.title).toBe('Roof: Main house');
    expect(measurements.tables[0]?.rows.map((r) => r[0])).toEqual(['Front', 'Back']);
    expect(measurements.tables[0]?.footer?.[0]?.[4]).toBe('18.39');
    expect(measurements.tables[0]?.footer?.[1]?.[4]).toBe('20.23');
    const table = model?.sections[5]?.part;
    if (table?.kind !== 'tables') throw new Error('no estimate');
    expect(table.tables[0]?.rows[0]).toEqual(['Laminated comp. shingle roofing, w/ felt', '20.23', 'SQ', '$285.00', '$5,765.55']);
    expect(table.tables[0]?.footer?.map((r) => r[0])).toEqual(['Subtotal', 'Replacement cost (RCV)', 'Depreciation', 'Actual cash value (ACV)']);
    const supplement = model?.sections[6]?.part;
    if (supplement?.kind !== 'tables') throw new Error('no supplement');
    expect(supplement.tables[0]?.rows[0]?.[0]).toBe('Drip edge (missing)');
    expect(supplement.tables[0]?.rows[0]?.[4]).toBe('$420.00');

    const defaults = packetDefaultsSchema.parse((await owner.client.get(`/api/reports/packet-defaults?projectId=${projectId}`)).body);
    expect(defaults.estimates).toEqual([
      { id: estimate.id, label: expect.stringMatching(/^Estimate version 1 \([A-Z][a-z]{2} \d{1,2}, \d{4}\)$/), totalCents: 576_555 },
    ]);
    // The insurer has approved nothing on the ledger: the letter's insurer figure is empty, never our estimate.
    expect(defaults.values.insurer_approved).toBe('');
    expect(defaults.values.estimate_total).toBe('$5,765.55');
  });

  it('renders a signed proposal once into the claim file: the file, the proposal link and the timeline in one go', async () => {
    const companyId = owner.company.id;
    const signaturePath = `${companyId}/signatures/${randomUUID()}.png`;
    await server.deps.storage.put('documents', signaturePath, tinyPng(), { contentType: 'image/png' });
    const [proposal] = await server.db
      .insert(proposals)
      .values({
        companyId,
        projectId,
        status: 'signed',
        intro: 'Thank you for choosing us.',
        options: [
          { tier: 'good', productLine: 'Laminated shingles', priceCents: 1_200_000, warranty: 'Lifetime', terms: 'Half at delivery.' },
          { tier: 'better', productLine: 'Class 4 shingles', priceCents: 1_344_000, warranty: 'Lifetime', terms: 'Half at delivery.' },
        ],
        chosenTier: 'better',
        signerName: 'Pat Smith',
        signedDate: '2026-05-03',
        signaturePath,
        signerIp: '203.0.113.9',
        signedAt: new Date('2026-05-03T15:04:00Z'),
      })
      .returning();
    if (!proposal) throw new Error('no proposal');
    const [report] = await server.db
      .insert(reports)
      .values({
        companyId,
        projectId,
        proposalId: proposal.id,
        kind: 'proposal',
        title: 'Proposal - 12 Shingle Way',
        status: 'queued',
        document: { sections: [] },
        createdBy: owner.company.owner.id,
      })
      .returning();
    if (!report) throw new Error('no report');
    await renderDocument(deps(), { reportId: report.id, companyId });
    expect((await rowOf(report.id)).status).toBe('ready');
    const model = recorded.at(-1)?.model;
    const part = model?.sections.find((s) => s.part.kind === 'proposal')?.part;
    if (part?.kind !== 'proposal') throw new Error('no proposal part');
    expect(part.options.map((o) => [o.label, o.price, o.chosen])).toEqual([
      ['Good', '$12,000.00', false],
      ['Better', '$13,440.00', true],
    ]);
    expect(part.signature).toEqual({
      name: 'Pat Smith',
      date: 'May 3, 2026',
      signedAt: 'May 3, 2026, 3:04 PM UTC',
      ip: '203.0.113.9',
      image: { bucket: 'documents', path: signaturePath },
    });

    const [kept] = await server.db.select().from(proposals).where(eq(proposals.id, proposal.id));
    expect(kept?.signedFileId).not.toBeNull();
    const files = await server.db.select().from(projectFiles).where(eq(projectFiles.projectId, projectId));
    const file = files.find((f) => f.id === kept?.signedFileId);
    expect(file?.fileName).toBe('Signed proposal - Pat Smith.pdf');
    expect(file?.mimeType).toBe('application/pdf');
    expect((await server.deps.storage.get('project-files', file?.objectPath ?? ''))?.body.subarray(0, 5).toString()).toBe('%PDF-');
    const activity = await server.db
      .select()
      .from(projectActivity)
      .where(and(eq(projectActivity.projectId, projectId), eq(projectActivity.kind, 'file_uploaded')));
    expect(activity.map((a) => a.body)).toEqual(['Signed proposal - Pat Smith.pdf']);

    // Rendered again (re-queued): still one file on the claim file.
    await server.db.update(reports).set({ status: 'queued' }).where(eq(reports.id, report.id));
    await renderDocument(deps(), { reportId: report.id, companyId });
    expect(
      (await server.db.select().from(projectFiles).where(eq(projectFiles.projectId, projectId))).filter((f) => f.fileName.startsWith('Signed proposal')),
    ).toHaveLength(1);
  });
});

describe('rendered by the real engine', () => {
  const run = promisify(execFile);
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ridgeline-reports-'));
  });

  /** The report once the job has finished with it (polled through the API). */
  async function finished(client: SignedUpUser['client'], id: string): Promise<ReportDetail> {
    let report: ReportDetail | null = null;
    await expect
      .poll(
        async () => {
          report = detailOf((await client.get(`/api/reports/${id}`)).body);
          return report.status;
        },
        { timeout: 60_000, interval: 250 },
      )
      .toMatch(/^(ready|failed)$/);
    if (!report) throw new Error('no report');
    return report;
  }

  /** Downloads the PDF and answers its path on disk. */
  async function download(client: SignedUpUser['client'], id: string): Promise<string> {
    const response = await fetch(`${server.url}/api/reports/${id}/file`, { headers: { Cookie: client.cookieHeader() } });
    expect(response.status).toBe(200);
    const path = join(dir, `${id}.pdf`);
    await writeFile(path, Buffer.from(await response.arrayBuffer()));
    return path;
  }

  const text = async (path: string) => (await run('pdftotext', ['-layout', path, '-'])).stdout;
  const pages = async (path: string) => Number(/Pages:\s+(\d+)/.exec((await run('pdfinfo', [path])).stdout)?.[1]);

  it('makes the photo report: sections in order, captions, the reason, the SHA-256 appendix, pages for the layout', async () => {
    const made = await create(owner.client, { kind: 'photo', projectId, layout: 1, overrideReason: 'Slope N was too steep to walk' });
    expect(made.status).toBe(201);
    const report = await finished(owner.client, detailOf(made.body).id);
    expect(report.error).toBeNull();
    expect(report.status).toBe('ready');
    const path = await download(owner.client, report.id);
    const words = await text(path);
    const order = ['Overview', 'Front elevation', 'Right elevation', 'Rear elevation', 'Left elevation', 'Roof slope S', 'Roof slope N', 'Interior'].map(
      (title) => words.indexOf(title),
    );
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(words).toContain('Front of the house, facing north');
    expect(words).toContain('Test square: S = 11 hits');
    expect(words).toContain('Slope N was too steep to walk');
    const flat = words.replace(/\s+/g, '');
    for (const photoId of Object.values(photoIds)) {
      const [row] = await server.db.select({ sha256: inspectionPhotos.sha256 }).from(inspectionPhotos).where(eq(inspectionPhotos.id, photoId));
      expect(flat).toContain(row?.sha256);
    }
    const onePerPage = await pages(path);
    expect(report.pageCount).toBe(onePerPage);

    const six = await finished(owner.client, detailOf((await create(owner.client, { kind: 'photo', projectId, layout: 6, overrideReason: 'Steep' })).body).id);
    const sixPerPage = await pages(await download(owner.client, six.id));
    // 10 photos one a page against 6 a page: the 8 sections take a row of two each (the overview's
    // two photos one row), three rows a page, sections sharing pages: 3 pages.
    expect(onePerPage - sixPerPage).toBe(7);

    const [entry] = await server.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.profileId, owner.company.owner.id), eq(notifications.title, `${report.title} is ready`)));
    expect(entry?.kind).toBe('document_ready');
  });

  it('answers ready at once when rendered again unchanged', async () => {
    const report = await finished(owner.client, detailOf((await create(owner.client, { kind: 'photo', sessionId, overrideReason: 'Steep' })).body).id);
    const before = await rowOf(report.id);
    const again = detailOf((await owner.client.post(`/api/reports/${report.id}/render`, {})).body);
    expect(again.status).toBe('ready');
    const after = await rowOf(report.id);
    expect(after.renderedAt?.getTime()).toBe(before.renderedAt?.getTime());
    expect(after.filePath).toBe(before.filePath);
  });

  it('gives a packet its bookmarks', async () => {
    const made = await owner.client.post('/api/reports/packet', {
      projectId,
      coverLetter: 'Dear {{homeowner_name}},\n\nClaim {{claim_number}}.',
      overrideReason: 'Steep',
    });
    expect(made.status).toBe(201);
    const report = await finished(owner.client, detailOf(made.body).id);
    expect(report.status).toBe('ready');
    const path = await download(owner.client, report.id);
    const xml = (await run('pdftohtml', ['-xml', '-stdout', '-i', path])).stdout;
    const outline = /<outline>[\s\S]*<\/outline>/.exec(xml)?.[0] ?? '';
    const titles = [...outline.matchAll(/<item[^>]*>([^<]+)<\/item>/g)].map((m) => m[1]);
    expect(titles.slice(0, 2)).toEqual(['Cover letter', 'Photo report']);
    for (const title of ['Measurements', 'Overview', 'Roof slope S']) expect(titles).toContain(title);
    expect(await text(path)).toContain('Claim CLM-778.');
  });
  it("prints an estimate's zero depreciation as $0.00, never -$0.00, and one taken off with its minus", async () => {
    const estimateOf = async (version: number, depreciationCents: number) => {
      const [row] = await server.db
        .insert(estimates)
        .values({
          companyId: owner.company.id,
          sessionId,
          projectId,
          version,
          lines: [line()],
          subtotalCents: 576_555,
          rcvCents: 576_555,
          depreciationCents,
          acvCents: 576_555 - depreciationCents,
        })
        .returning();
      if (!row) throw new Error('no estimate');
      return row.id;
    };
    const printed = async (estimateId: string) => {
      const made = await owner.client.post('/api/reports/packet', {
        projectId,
        coverLetter: 'Dear {{homeowner_name}},',
        estimateId,
        photoReport: false,
        measurements: false,
      });
      expect(made.status, made.text).toBe(201);
      const report = await finished(owner.client, detailOf(made.body).id);
      expect(report.status, report.error ?? '').toBe('ready');
      return text(await download(owner.client, report.id));
    };
    const none = await printed(await estimateOf(91, 0));
    expect(none).toMatch(/Depreciation\s+\$0\.00/);
    expect(none).not.toContain('-$0.00');
    const taken = await printed(await estimateOf(92, 57_656));
    expect(taken).toMatch(/Depreciation\s+-\$576\.56/);
    expect(taken).toMatch(/Actual cash value \(ACV\)\s+\$5,188\.99/);
  });

  it('prints a corrupt logo as a grey box and still makes the PDF, while a photo file missing from storage still fails it', async () => {
    const logo = await owner.client.put('/api/company/logo', corruptPng(), { headers: { 'Content-Type': 'image/png' } });
    expect(logo.status, logo.text).toBe(200);
    try {
      const report = await finished(
        owner.client,
        detailOf((await create(owner.client, { kind: 'photo', projectId, layout: 2, overrideReason: 'Steep' })).body).id,
      );
      expect(report.error).toBeNull();
      expect(report.status).toBe('ready');
      const words = (await text(await download(owner.client, report.id))).replace(/\s+/g, ' ');
      expect(words).toContain('Logo not available The image could not be read.');
      expect(words).toContain('Front of the house, facing north');

      // Evidence is never silently replaced: a photo whose file is gone fails the report.
      const [row] = await server.db
        .select()
        .from(inspectionPhotos)
        .where(eq(inspectionPhotos.id, photoIds.front ?? ''));
      if (!row) throw new Error('no photo row');
      const saved = await server.deps.storage.get('project-files', row.filePath);
      await server.deps.storage.remove('project-files', row.filePath);
      try {
        const failed = await finished(
          owner.client,
          detailOf((await create(owner.client, { kind: 'photo', projectId, layout: 2, overrideReason: 'Steep' })).body).id,
        );
        expect(failed.status).toBe('failed');
        expect(failed.error).toBe(`The PDF could not be made: the photo ${row.fileName} is missing from storage.`);
      } finally {
        if (saved) await server.deps.storage.put('project-files', row.filePath, saved.body, { contentType: 'image/jpeg', upsert: true });
      }
    } finally {
      await server.db.update(companies).set({ logoPath: null }).where(eq(companies.id, owner.company.id));
    }
  });
});
