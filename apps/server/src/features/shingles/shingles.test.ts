import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ShingleCatalog, ShingleHistory, ShingleIdentification } from '@ridgeline/shared/contracts/shingles';
import type { ActivityEntry } from '@ridgeline/shared/contracts/projects';
import type { CatalogEntry } from '@ridgeline/shared/domain/shingle-id';
import { EMPTY_MEASUREMENTS, rankShingles } from '@ridgeline/shared/domain/shingle-id';
import { SEED_CATALOG } from '@ridgeline/shared/domain/shingle-catalog';
import { shingleIdentifications, shinglePhotos } from '../../infra/db/schema/index';
import { embeddedImages, makeJpeg, readBack, requirePoppler } from '../../infra/pdf/pdf-test-kit';
import { insertProjectRow, signedInOwner, signedInUser } from '../../test/factories';
import type { TestResponse } from '../../test/test-client';
import type { SignedUpUser } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';

const server = useTestServer();
let ownerA: Awaited<ReturnType<typeof signedInOwner>>;
let memberA: SignedUpUser;
let ownerB: Awaited<ReturnType<typeof signedInOwner>>;
let admin: SignedUpUser;

beforeAll(async () => {
  ownerA = await signedInOwner(server, { name: 'Alpha Roofing' });
  memberA = await signedInUser(server, { company: ownerA.company, role: 'member' });
  ownerB = await signedInOwner(server, { name: 'Bravo Siding' });
  admin = await signedInUser(server, { platformAdmin: true });
});

function expectError(response: TestResponse, status: number, code: string) {
  expect(response.status, response.text).toBe(status);
  expect(response.body).toMatchObject({ error: { code, message: expect.any(String), timestamp: expect.any(String), requestId: expect.any(String) } });
}

const metricLaminate = { ...EMPTY_MEASUREMENTS, lengthIn: 39.375, exposureIn: 5.625, type: 'laminated' as const };

const localProduct = {
  manufacturer: 'Alpha Supply',
  line: 'House Brand 41',
  type: 'laminated',
  cut: 'random_tabs',
  length: { value: 41, verified: true },
  height: { value: 13.25, verified: true },
  exposure: { value: 5.625, verified: true },
  discontinued: { value: 'no', verified: true },
  confidence: 'C',
  source: 'Measured from a bundle in our yard',
};

async function catalogOf(client: SignedUpUser): Promise<ShingleCatalog> {
  const response = await client.client.get<ShingleCatalog>('/api/shingles/catalog');
  expect(response.status, response.text).toBe(200);
  return response.body;
}

describe('shingle catalog', () => {
  it('serves the seeded catalog exactly as shipped, with each figure verified or not', async () => {
    const catalog = await catalogOf(ownerA);
    expect(catalog.version).toBeGreaterThanOrEqual(1);
    const shipped = catalog.entries.filter((entry) => entry.scope === 'catalog' && SEED_CATALOG.some((seed) => seed.id === entry.id));
    expect(shipped).toEqual([...SEED_CATALOG].sort((a, b) => (a.id < b.id ? -1 : 1)));
  });

  it("keeps a company's own product to that company (404 to another) and makes a new version", async () => {
    const before = await catalogOf(ownerA);
    const created = await ownerA.client.post<CatalogEntry>('/api/shingles/local-products', localProduct);
    expect(created.status, created.text).toBe(201);
    expect(created.body.scope).toBe('company');
    expect(created.body.length).toEqual({ value: 41, verified: false });
    const after = await catalogOf(ownerA);
    expect(after.version).toBe(before.version + 1);
    expect(after.entries.map((entry) => entry.id)).toContain(created.body.id);
    expect((await catalogOf(ownerB)).entries.map((entry) => entry.id)).not.toContain(created.body.id);
    expectError(await ownerB.client.delete(`/api/shingles/local-products/${created.body.id}`), 404, 'NOT_FOUND');
    expectError(await memberA.client.post('/api/shingles/local-products', localProduct), 403, 'FORBIDDEN');
    expect((await ownerA.client.delete(`/api/shingles/local-products/${created.body.id}`)).status).toBe(204);
    expect((await catalogOf(ownerA)).entries.map((entry) => entry.id)).not.toContain(created.body.id);
  });

  it("versions each company's catalog apart: its own products move its version only, a shared line every company's", async () => {
    // A company of its own, so that its saved identification shows in no other test's history.
    const ownerC = await signedInOwner(server, { name: 'Charlie Gutters' });
    const [a0, c0] = [await catalogOf(ownerA), await catalogOf(ownerC)];
    const created = await ownerA.client.post<CatalogEntry>('/api/shingles/local-products', { ...localProduct, line: 'Versioned 41' });
    expect(created.status, created.text).toBe(201);
    const [a1, c1] = [await catalogOf(ownerA), await catalogOf(ownerC)];
    expect(a1.version).toBeGreaterThan(a0.version);
    // The other company's catalog, its version and its count of lines are as they were.
    expect(c1).toEqual(c0);

    // A phone of the other company ranked before that change: its save still compares with the server's ranking.
    const device = rankShingles(c0.entries, metricLaminate);
    const saved = await ownerC.client.post<ShingleIdentification>('/api/shingles/identifications', {
      measurements: metricLaminate,
      deviceCatalogVersion: c0.version,
      deviceCandidateIds: device.candidates.map((candidate) => candidate.entryId),
    });
    expect(saved.status, saved.text).toBe(201);
    expect(saved.body).toMatchObject({ catalogVersion: c0.version, agreesWithDevice: true });

    // A change of the shared catalog is a new version for every company.
    const shared = await admin.client.post<CatalogEntry>('/api/admin/shingle-catalog', {
      ...localProduct,
      manufacturer: 'Shared Maker',
      confidence: 'A',
      source: 'Maker data sheet',
    });
    expect(shared.status, shared.text).toBe(201);
    const [a2, c2] = [await catalogOf(ownerA), await catalogOf(ownerC)];
    expect(a2.version).toBeGreaterThan(a1.version);
    expect(c2.version).toBeGreaterThan(c1.version);
    expect(c2.entries.map((entry) => entry.id)).toContain(shared.body.id);

    // Retiring the own product again moves only its company's version.
    expect((await ownerA.client.delete(`/api/shingles/local-products/${created.body.id}`)).status).toBe(204);
    expect((await catalogOf(ownerA)).version).toBeGreaterThan(a2.version);
    expect((await catalogOf(ownerC)).version).toBe(c2.version);
    expect((await admin.client.post(`/api/admin/shingle-catalog/${shared.body.id}/retire`)).status).toBe(204);
  });

  it('lets platform admins add, edit and retire shared lines, and no one else', async () => {
    expectError(await ownerA.client.post('/api/admin/shingle-catalog', localProduct), 403, 'FORBIDDEN');
    const added = await admin.client.post<CatalogEntry>('/api/admin/shingle-catalog', {
      ...localProduct,
      manufacturer: 'Test Maker',
      confidence: 'A',
      source: 'Maker data sheet 2026',
    });
    expect(added.status, added.text).toBe(201);
    expect(added.body.length).toEqual({ value: 41, verified: true });
    const edited = await admin.client.request<CatalogEntry>('PUT', `/api/admin/shingle-catalog/${added.body.id}`, {
      json: { ...localProduct, manufacturer: 'Test Maker', line: 'Renamed', confidence: 'B', source: 'Distributor copy' },
    });
    expect(edited.status, edited.text).toBe(200);
    expect((await catalogOf(ownerB)).entries.find((entry) => entry.id === added.body.id)?.line).toBe('Renamed');
    expect((await admin.client.post(`/api/admin/shingle-catalog/${added.body.id}/retire`)).status).toBe(204);
    expect((await catalogOf(ownerB)).entries.map((entry) => entry.id)).not.toContain(added.body.id);
    expectError(await admin.client.post(`/api/admin/shingle-catalog/${added.body.id}/retire`), 404, 'NOT_FOUND');
    expectError(await admin.client.post('/api/admin/shingle-catalog', { ...localProduct, source: '' }), 400, 'VALIDATION_ERROR');
  });
});

describe('shingle identifications', () => {
  it("ranks again on the server with the phone's answer, saves to the claim file and its timeline", async () => {
    const project = await insertProjectRow(server.db, ownerA.company.id, { title: 'Maple Street roof' });
    const catalog = await catalogOf(memberA);
    const device = rankShingles(catalog.entries, metricLaminate);
    const saved = await memberA.client.post<ShingleIdentification>('/api/shingles/identifications', {
      measurements: metricLaminate,
      color: 'Charcoal',
      layers: 1,
      address: '12 Maple Street',
      projectId: project.id,
      deviceCatalogVersion: catalog.version,
      deviceCandidateIds: device.candidates.map((candidate) => candidate.entryId),
    });
    expect(saved.status, saved.text).toBe(201);
    expect(saved.body.ranking).toEqual(device);
    expect(saved.body.agreesWithDevice).toBe(true);
    expect(saved.body.catalogVersion).toBe(catalog.version);
    expect(saved.body.project).toEqual({ id: project.id, name: 'Maple Street roof' });

    const activity = await memberA.client.get<{ activity: ActivityEntry[] }>(`/api/projects/${project.id}/activity`);
    expect(activity.body.activity.some((entry) => entry.kind === 'shingle_identified' && entry.body?.includes('medium confidence') === true)).toBe(true);
    const onProject = await memberA.client.get<{ address: string; identifications: ShingleIdentification[] }>(
      `/api/projects/${project.id}/shingle-identifications`,
    );
    expect(onProject.body.identifications.map((item) => item.id)).toEqual([saved.body.id]);
    expect(onProject.body.address).toContain(project.street);

    const history = await ownerA.client.get<ShingleHistory>('/api/shingles/identifications?q=maple');
    expect(history.body.identifications.map((item) => item.id)).toContain(saved.body.id);
    const filtered = await ownerA.client.get<ShingleHistory>('/api/shingles/identifications?confidence=high');
    expect(filtered.body.identifications.map((item) => item.id)).not.toContain(saved.body.id);
    const csv = await ownerA.client.get('/api/shingles/identifications.csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.text).toContain('12 Maple Street');

    // Another company sees none of it.
    expectError(await ownerB.client.get(`/api/shingles/identifications/${saved.body.id}`), 404, 'NOT_FOUND');
    expect((await ownerB.client.get<ShingleHistory>('/api/shingles/identifications')).body.identifications).toEqual([]);
    expectError(await ownerB.client.get(`/api/projects/${project.id}/shingle-identifications`), 404, 'NOT_FOUND');
    expect((await ownerB.client.get('/api/shingles/identifications.csv')).text).not.toContain('Maple');
    expect((await memberA.client.get<ShingleIdentification>(`/api/shingles/identifications/${saved.body.id}`)).body.id).toBe(saved.body.id);
  });

  it("refuses another company's claim file and session (404) and writes nothing", async () => {
    const projectB = await insertProjectRow(server.db, ownerB.company.id);
    const response = await ownerA.client.post('/api/shingles/identifications', { measurements: metricLaminate, projectId: projectB.id });
    expectError(response, 404, 'NOT_FOUND');
    const rows = await server.db.select().from(shingleIdentifications).where(eq(shingleIdentifications.projectId, projectB.id));
    expect(rows).toEqual([]);
  });

  it('answers bad input with the one error shape', async () => {
    const bad = [
      { measurements: { ...metricLaminate, lengthIn: 39.3 } },
      { measurements: { ...metricLaminate, lengthIn: 500 } },
      { measurements: { ...metricLaminate, type: 'slate' } },
      { measurements: metricLaminate, projectId: 'nope' },
      {},
    ];
    for (const body of bad) expectError(await ownerA.client.post('/api/shingles/identifications', body), 400, 'VALIDATION_ERROR');
    expectError(await ownerA.client.get('/api/shingles/identifications/not-a-uuid'), 400, 'VALIDATION_ERROR');
    expectError(await ownerA.client.get('/api/shingles/identifications?confidence=sure'), 400, 'VALIDATION_ERROR');
  });

  it('records that the phone disagreed when its ranking differs', async () => {
    const catalog = await catalogOf(ownerA);
    const saved = await ownerA.client.post<ShingleIdentification>('/api/shingles/identifications', {
      measurements: metricLaminate,
      deviceCatalogVersion: catalog.version,
      deviceCandidateIds: ['gaf-sentinel'],
    });
    expect(saved.body.agreesWithDevice).toBe(false);
  });
});

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const photoUrl = (identification: string, photoId: string, query: Record<string, string>) =>
  `/api/shingles/identifications/${identification}/photos/${photoId}?${new URLSearchParams(query).toString()}`;
type PhotoAnswer = { photo: { id: string; kind: string; url: string; filePath: string } };

describe('an identification saved from the phone with its own id', () => {
  it('is one identification however often the save is sent; another company cannot take its id', async () => {
    const id = randomUUID();
    const input = { id, measurements: metricLaminate, address: '9 Retry Rd' };
    const first = await ownerA.client.post<ShingleIdentification>('/api/shingles/identifications', input);
    expect(first.status, first.text).toBe(201);
    expect(first.body.id).toBe(id);
    const again = await ownerA.client.post<ShingleIdentification>('/api/shingles/identifications', input);
    expect(again.status, again.text).toBe(200);
    expect(again.body.id).toBe(id);
    expect(await server.db.select().from(shingleIdentifications).where(eq(shingleIdentifications.id, id))).toHaveLength(1);
    expectError(await ownerB.client.post('/api/shingles/identifications', input), 409, 'CONFLICT');
    expectError(await ownerB.client.get(`/api/shingles/identifications/${id}`), 404, 'NOT_FOUND');
    expectError(await ownerA.client.post('/api/shingles/identifications', { ...input, id: 'not-a-uuid' }), 400, 'VALIDATION_ERROR');
  });
});

describe('photos of the shingle', () => {
  it('keeps a readable photo with the identification, once per photo id, shown with it; never to another company', async () => {
    const saved = await ownerA.client.post<ShingleIdentification>('/api/shingles/identifications', { id: randomUUID(), measurements: metricLaminate });
    expect(saved.status, saved.text).toBe(201);
    const face = await makeJpeg(320, 240, [120, 90, 60]);
    const photoId = randomUUID();
    const query = { kind: 'face', sha256: sha(face), fileName: 'face.jpg' };
    const put = await ownerA.client.put<PhotoAnswer>(photoUrl(saved.body.id, photoId, query), face);
    expect(put.status, put.text).toBe(201);
    expect(put.body.photo).toMatchObject({ id: photoId, kind: 'face' });
    const retried = await ownerA.client.put<PhotoAnswer>(photoUrl(saved.body.id, photoId, query), face);
    expect(retried.status, retried.text).toBe(200);
    expect(await server.db.select().from(shinglePhotos).where(eq(shinglePhotos.identificationId, saved.body.id))).toHaveLength(1);

    const detail = await ownerA.client.get<ShingleIdentification>(`/api/shingles/identifications/${saved.body.id}`);
    expect(detail.body.photos.map((photo) => [photo.id, photo.kind])).toEqual([[photoId, 'face']]);
    const image = await fetch(detail.body.photos[0]?.url ?? '');
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(face)).toBe(true);

    // Another company: the identification is as good as missing, for reading and for uploading.
    const other = await makeJpeg(320, 240, [10, 20, 30]);
    expectError(await ownerB.client.put(photoUrl(saved.body.id, randomUUID(), { ...query, sha256: sha(other) }), other), 404, 'NOT_FOUND');
    expectError(await ownerB.client.put(photoUrl(saved.body.id, photoId, query), face), 404, 'NOT_FOUND');
    expectError(await ownerB.client.get(`/api/shingles/identifications/${saved.body.id}`), 404, 'NOT_FOUND');
    expect(await server.db.select().from(shinglePhotos).where(eq(shinglePhotos.identificationId, saved.body.id))).toHaveLength(1);
  });

  it('refuses bad photos with a clear 4xx and keeps nothing', async () => {
    const saved = await ownerA.client.post<ShingleIdentification>('/api/shingles/identifications', { id: randomUUID(), measurements: metricLaminate });
    const good = await makeJpeg(200, 150, [200, 100, 50]);
    const text = Buffer.from('not a photo at all');
    const cut = good.subarray(0, Math.floor(good.length / 2));
    expectError(
      await ownerA.client.put(photoUrl(saved.body.id, randomUUID(), { kind: 'roof', sha256: sha(good), fileName: 'a.jpg' }), good),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await ownerA.client.put(photoUrl(saved.body.id, 'nope', { kind: 'face', sha256: sha(good), fileName: 'a.jpg' }), good),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await ownerA.client.put(photoUrl(saved.body.id, randomUUID(), { kind: 'face', sha256: sha(text), fileName: 'a.jpg' }), good),
      400,
      'CHECKSUM_MISMATCH',
    );
    expectError(
      await ownerA.client.put(photoUrl(saved.body.id, randomUUID(), { kind: 'back', sha256: sha(text), fileName: 'a.txt' }), text),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expectError(
      await ownerA.client.put(photoUrl(saved.body.id, randomUUID(), { kind: 'back', sha256: sha(cut), fileName: 'cut.jpg' }), cut),
      422,
      'PHOTO_UNREADABLE',
    );
    expectError(await ownerA.client.put(photoUrl(randomUUID(), randomUUID(), { kind: 'back', sha256: sha(good), fileName: 'a.jpg' }), good), 404, 'NOT_FOUND');
    const photoId = randomUUID();
    expect((await ownerA.client.put(photoUrl(saved.body.id, photoId, { kind: 'back', sha256: sha(good), fileName: 'a.jpg' }), good)).status).toBe(201);
    const different = await makeJpeg(200, 150, [1, 2, 3]);
    expectError(
      await ownerA.client.put(photoUrl(saved.body.id, photoId, { kind: 'back', sha256: sha(different), fileName: 'a.jpg' }), different),
      409,
      'PHOTO_CONFLICT',
    );
    expect(await server.db.select().from(shinglePhotos).where(eq(shinglePhotos.identificationId, saved.body.id))).toHaveLength(1);
  });

  it("lets owners and managers change their own product (a new version), not another company's or a member", async () => {
    const created = await ownerA.client.post<CatalogEntry>('/api/shingles/local-products', localProduct);
    const before = await catalogOf(ownerA);
    const changed = await ownerA.client.put<CatalogEntry>(`/api/shingles/local-products/${created.body.id}`, '', {
      json: { ...localProduct, line: 'House Brand 42' },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ id: created.body.id, line: 'House Brand 42', scope: 'company', length: { value: 41, verified: false } });
    expect((await catalogOf(ownerA)).version).toBe(before.version + 1);
    expectError(await ownerB.client.put(`/api/shingles/local-products/${created.body.id}`, '', { json: localProduct }), 404, 'NOT_FOUND');
    expectError(await memberA.client.put(`/api/shingles/local-products/${created.body.id}`, '', { json: localProduct }), 403, 'FORBIDDEN');
    expectError(
      await ownerA.client.put(`/api/shingles/local-products/${created.body.id}`, '', { json: { ...localProduct, source: '' } }),
      400,
      'VALIDATION_ERROR',
    );
    expect((await catalogOf(ownerA)).entries.find((entry) => entry.id === created.body.id)?.line).toBe('House Brand 42');
  });
});

describe('the claim packet', () => {
  it("prints the claim file's newest identification: measurements, candidates with verified or unverified figures, discontinued status, reasons, catalog version", async () => {
    requirePoppler();
    const office = await signedInOwner(server, { name: 'Packet Roofing', phone: '+1 214 555 0100', address: '1 Main St, Dallas, TX 75201' });
    const project = await insertProjectRow(server.db, office.company.id, { title: 'Packet roof' });
    const measured = { ...EMPTY_MEASUREMENTS, lengthIn: 40.875, exposureIn: 5.875, heightIn: 13.75, type: 'laminated' as const };
    const saved = await office.client.post<ShingleIdentification>('/api/shingles/identifications', {
      measurements: measured,
      projectId: project.id,
      color: 'Weathered Wood',
    });
    expect(saved.status, saved.text).toBe(201);
    for (const [kind, rgb] of [
      ['face', [150, 80, 40]],
      ['release_tape', [30, 60, 90]],
    ] as const) {
      const bytes = await makeJpeg(400, 300, [...rgb]);
      const put = await office.client.put(photoUrl(saved.body.id, randomUUID(), { kind, sha256: sha(bytes), fileName: `${kind}.jpg` }), bytes);
      expect(put.status, put.text).toBe(201);
    }
    const made = await office.client.post<{ report: { id: string } }>('/api/reports/packet', {
      projectId: project.id,
      coverLetter: 'Enclosed.',
      photoReport: false,
      measurements: false,
    });
    expect(made.status, made.text).toBe(201);
    await expect
      .poll(async () => (await office.client.get<{ report: { status: string } }>(`/api/reports/${made.body.report.id}`)).body.report.status, {
        timeout: 60_000,
        interval: 250,
      })
      .toBe('ready');
    const file = await fetch(`${server.url}/api/reports/${made.body.report.id}/file`, { headers: { Cookie: office.client.cookieHeader() } });
    const pdf = await readBack(Buffer.from(await file.arrayBuffer()));
    try {
      const text = pdf.text.replace(/\s+/g, ' ');
      expect(text).toContain('Shingle identification: measurements');
      expect(text).toContain('40-7/8 in');
      expect(text).toContain('Weathered Wood');
      expect(text).toContain('IKO Cambridge');
      expect(text).toContain('Length 40-7/8 in (verified)');
      expect(text).toMatch(new RegExp(`Catalog version ${saved.body.catalogVersion}`));
      expect(text).toContain('cannot be told apart');
      expect(text).not.toContain('undefined');
      expect(text).toContain('Shingle identification: photos');
      expect(text).toContain('Face of the shingle');
      expect(text).toContain('Release tape');
      expect(await embeddedImages(pdf.file)).toHaveLength(2);
    } finally {
      await pdf.cleanup();
    }
  });
});

describe('suggestions from a photo with no AI provider configured', () => {
  it('are absent: the status says unavailable and the endpoint answers 404', async () => {
    expect((await memberA.client.get('/api/shingles/vision')).body).toEqual({ available: false });
    const photo = await makeJpeg(300, 200, [120, 90, 60]);
    expectError(
      await memberA.client.request('POST', '/api/shingles/vision-suggestions', { body: photo, headers: { 'Content-Type': 'image/jpeg' } }),
      404,
      'NOT_FOUND',
    );
  });
});
