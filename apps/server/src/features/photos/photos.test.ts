import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Agent, request } from 'node:http';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  photoListSchema,
  photoSchema,
  uploadPhotoResultSchema,
  type Photo,
  type UploadPhotoQuery,
  type UploadPhotoResult,
} from '@ridgeline/shared/contracts/photos';
import type { Actor } from '../../lib/actor';
import { inspectionActivity, inspectionPhotos, inspectionSessions } from '../../infra/db/schema/index';
import { insertProjectRow, signedInOwner, signedInUser, type SignedUpUser } from '../../test/factories';
import { errorMessage } from '@ridgeline/shared/domain/errors';
import { pixelBudgetMessage } from '@ridgeline/shared/domain/images';
import { pngBomb, tinyGif } from '../../test/images';
import { useTestServer } from '../../test/use-test-server';
import { createPhotosService, photoObjectPath, UNSUPPORTED_PHOTO_MESSAGE } from './photos.service';
import type { Storage } from '../../infra/storage/storage';
import { createThumbnailWorker, readExif, thumbnailPath } from './photo-thumbnails';

// Field photos through the real HTTP stack on a real database: the idempotent upload, type from the
// bytes, the size limit on a kept-alive connection, the thumbnail job, galleries, annotation, and
// soft delete with restore and purge. A 1 MB limit keeps the size test small.

const server = useTestServer({ PHOTO_MAX_MB: '1' });
let owner: Awaited<ReturnType<typeof signedInOwner>>;
let colleague: SignedUpUser;
let outsider: Awaited<ReturnType<typeof signedInOwner>>;
let projectId: string;
let sessionId: string;
let otherSessionId: string;
let foreignSessionId: string;

const MB = 1024 * 1024;
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let shade = 0;
/** A real JPEG, different every call (its colour changes). */
async function jpeg(width = 320, height = 240, exif?: Record<string, Record<string, string>>): Promise<Buffer> {
  shade += 1;
  const image = sharp({ create: { width, height, channels: 3, background: { r: shade % 256, g: (shade * 7) % 256, b: (shade * 13) % 256 } } });
  return (exif ? image.withExif(exif) : image).jpeg().toBuffer();
}

async function insertSession(companyId: string, project: string | null = null): Promise<string> {
  const id = randomUUID();
  await server.db.insert(inspectionSessions).values({ id, companyId, projectId: project, street: '12 Shingle Way' });
  return id;
}

function uploadUrl(session: string, photoId: string, query: Partial<UploadPhotoQuery> & { sha256: string }): string {
  const params = new URLSearchParams();
  const full: Record<string, unknown> = { fileName: 'roof.jpg', category: 'roof', phase: 'roof', ...query };
  for (const [key, value] of Object.entries(full)) if (value !== undefined) params.set(key, String(value));
  return `/api/inspections/${session}/photos/${photoId}?${params.toString()}`;
}

async function put(client: SignedUpUser['client'], session: string, photoId: string, body: Buffer, query: Partial<UploadPhotoQuery> = {}) {
  return client.put<UploadPhotoResult>(uploadUrl(session, photoId, { sha256: sha(body), ...query }), body);
}

async function uploaded(client: SignedUpUser['client'], session: string, body: Buffer, query: Partial<UploadPhotoQuery> = {}): Promise<Photo> {
  const response = await put(client, session, randomUUID(), body, query);
  if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${response.text}`);
  return uploadPhotoResultSchema.parse(response.body).photo;
}

/** Every original and thumbnail object stored under the session's folder. */
async function storedObjects(session: string): Promise<string[]> {
  const { readdir } = await import('node:fs/promises');
  const folder = `${server.deps.config.dataDir}/storage/project-files/${session}`;
  const names = (await readdir(folder, { recursive: true }).catch(() => [])) as string[];
  return names.filter((name) => !name.endsWith('.meta.json')).sort();
}

async function rowsOf(session: string) {
  return server.db.select().from(inspectionPhotos).where(eq(inspectionPhotos.sessionId, session));
}

async function download(url: string): Promise<{ status: number; body: Buffer }> {
  const response = await fetch(url);
  return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
}

/** The photo once its thumbnail job has run (polled through the API): the large size is the job's last write. */
async function withThumbnails(client: SignedUpUser['client'], photoId: string): Promise<Photo> {
  let photo: Photo | null = null;
  await expect
    .poll(
      async () => {
        const response = await client.get<Photo>(`/api/photos/${photoId}`);
        photo = photoSchema.parse(response.body);
        return photo.thumbSmallUrl !== null && photo.thumbLargeUrl !== null;
      },
      { timeout: 15_000, interval: 100 },
    )
    .toBe(true);
  if (!photo) throw new Error('no photo');
  return photo;
}

const ownerActor = (): Actor => ({ userId: owner.me.id, email: owner.email, role: 'contractor', sessionId: 'test', impersonatedBy: null });

beforeAll(async () => {
  owner = await signedInOwner(server);
  colleague = await signedInUser(server, { company: owner.company, role: 'member', firstName: 'Casey', lastName: 'Gutter' });
  outsider = await signedInOwner(server);
  projectId = (await insertProjectRow(server.db, owner.company.id)).id;
  sessionId = await insertSession(owner.company.id, projectId);
  otherSessionId = await insertSession(owner.company.id);
  foreignSessionId = await insertSession(outsider.company.id);
});

describe('PUT /api/inspections/:sessionId/photos/:photoId', () => {
  it('stores a new photo at the project-files path with the metadata, its timeline row, and 201', async () => {
    const body = await jpeg(400, 300);
    const photoId = randomUUID();
    const capturedAt = '2026-05-01T14:03:00.000Z';
    const response = await put(colleague.client, sessionId, photoId, body, {
      fileName: 'front slope.jpg',
      category: 'roof',
      subcategory: 'slope_n',
      phase: 'roof',
      photoType: 'close_up',
      notes: 'Hail hits near the ridge',
      structureId: 'main',
      lat: 40.4462,
      lng: -79.9822,
      capturedAt,
    });
    expect(response.status, response.text).toBe(201);
    const { photo, duplicate } = uploadPhotoResultSchema.parse(response.body);
    expect(duplicate).toBe(false);
    expect(photo).toMatchObject({
      id: photoId,
      sessionId,
      projectId,
      structureId: 'main',
      fileName: 'front slope.jpg',
      fileSize: body.length,
      mimeType: 'image/jpeg',
      sha256: sha(body),
      width: 400,
      height: 300,
      category: 'roof',
      subcategory: 'slope_n',
      phase: 'roof',
      photoType: 'close_up',
      notes: 'Hail hits near the ridge',
      gpsCoordinates: '40.4462,-79.9822',
      gps: { lat: 40.4462, lng: -79.9822 },
      gpsSource: 'device',
      capturedAt,
      capturedAtSource: 'device',
      uploadedBy: { id: colleague.me.id },
      annotation: null,
      deletedAt: null,
    });
    expect(photo.filePath).toMatch(new RegExp(`^${sessionId}/roof/slope_n/${photoId}_\\d+\\.jpg$`));
    const [row] = await server.db.select().from(inspectionPhotos).where(eq(inspectionPhotos.id, photoId));
    expect(row?.companyId).toBe(owner.company.id);
    expect(row?.receivedAt).toBeInstanceOf(Date);
    const activity = await server.db
      .select()
      .from(inspectionActivity)
      .where(and(eq(inspectionActivity.sessionId, sessionId), eq(inspectionActivity.kind, 'photo_uploaded')));
    expect(activity.map((a) => a.body)).toContain('front slope.jpg');

    const original = await download(photo.url);
    expect(original.status).toBe(200);
    expect(sha(original.body)).toBe(sha(body));
    const stored = await server.deps.storage.get('project-files', photo.filePath);
    expect(stored?.cacheControl).toContain('max-age=3600');
  });

  it('names the folder by phase, or general, when there is no subcategory', () => {
    expect(photoObjectPath('s', { category: 'damage', phase: 'elevations' }, 'p', 5, 'png')).toBe('s/damage/elevations/p_5.png');
    expect(photoObjectPath('s', { category: 'other' }, 'p', 5, 'webp')).toBe('s/other/general/p_5.webp');
  });

  it('answers the same photo id again (a lost response) with the stored photo: one row, one object', async () => {
    const body = await jpeg();
    const photoId = randomUUID();
    const first = await put(owner.client, sessionId, photoId, body);
    expect(first.status).toBe(201);
    for (let i = 0; i < 3; i++) {
      const again = await put(owner.client, sessionId, photoId, body);
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ duplicate: true, photo: { id: photoId, filePath: first.body.photo.filePath } });
    }
    const rows = (await rowsOf(sessionId)).filter((row) => row.sha256 === sha(body));
    expect(rows).toHaveLength(1);
  });

  it('answers the same bytes under a new id in the same session with the photo already stored', async () => {
    const body = await jpeg();
    const first = await uploaded(owner.client, sessionId, body);
    const again = await put(owner.client, sessionId, randomUUID(), body);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ duplicate: true, photo: { id: first.id } });
    // The same bytes in another session are another photo of that session.
    const elsewhere = await put(owner.client, otherSessionId, randomUUID(), body);
    expect(elsewhere.status).toBe(201);
  });

  it('refuses the same bytes for another shot of the session with 409 PHOTO_ALREADY_USED naming the shot, storing nothing', async () => {
    const body = await jpeg();
    const front = await uploaded(owner.client, sessionId, body, { category: 'overview', subcategory: 'front_of_house', phase: 'overview' });
    const refusedIds: string[] = [];
    for (const shot of [
      { category: 'overview', subcategory: 'address', phase: 'overview' },
      { category: 'roof', subcategory: 'slope_n', phase: 'roof', structureId: 'house' },
      { category: 'overview', subcategory: 'front_of_house', phase: 'overview', structureId: 'garage' },
    ] as const) {
      const photoId = randomUUID();
      refusedIds.push(photoId);
      const response = await put(owner.client, sessionId, photoId, body, shot);
      expect(response.status, response.text).toBe(409);
      expect(response.body).toMatchObject({ error: { code: 'PHOTO_ALREADY_USED', message: 'This photo is already used for Front of house.' } });
      expect(await server.db.select().from(inspectionPhotos).where(eq(inspectionPhotos.id, photoId))).toHaveLength(0);
    }
    // The session still holds the one photo, under its shot, and no object was left behind.
    expect((await rowsOf(sessionId)).filter((row) => row.sha256 === sha(body)).map((row) => [row.id, row.subcategory])).toEqual([[front.id, 'front_of_house']]);
    const objects = await storedObjects(sessionId);
    expect(objects.some((name) => name.includes(front.id))).toBe(true);
    expect(objects.filter((name) => refusedIds.some((id) => name.includes(id)))).toEqual([]);
  });

  it('of the same bytes sent for two shots at once, one is stored and the other refused', async () => {
    const body = await jpeg(800, 600);
    const shots = [
      { category: 'overview', subcategory: 'front_of_house', phase: 'overview' },
      { category: 'overview', subcategory: 'address', phase: 'overview' },
    ] as const;
    const answers = await Promise.all(shots.map((shot) => put(owner.client, otherSessionId, randomUUID(), body, shot)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const refused = answers.find((a) => a.status === 409);
    const stored = (await rowsOf(otherSessionId)).filter((row) => row.sha256 === sha(body));
    expect(stored).toHaveLength(1);
    const label = stored[0]?.subcategory === 'address' ? 'Address' : 'Front of house';
    expect(refused?.body).toMatchObject({ error: { code: 'PHOTO_ALREADY_USED', message: `This photo is already used for ${label}.` } });
  });

  it('keeps one row and one object when the same upload races itself', async () => {
    const body = await jpeg(800, 600);
    const photoId = randomUUID();
    const answers = await Promise.all(Array.from({ length: 6 }, () => put(owner.client, sessionId, photoId, body)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    const rows = await server.db.select().from(inspectionPhotos).where(eq(inspectionPhotos.id, photoId));
    expect(rows).toHaveLength(1);
    const folder = `${server.deps.config.dataDir}/storage/project-files/${sessionId}/roof/roof`;
    const { readdir } = await import('node:fs/promises');
    const objects = (await readdir(folder)).filter((name) => name.startsWith(photoId) && !name.endsWith('.meta.json') && !name.includes('_thumb_'));
    expect(objects).toEqual([rows[0]?.filePath.split('/').pop()]);
    // The small thumbnail each request drew from its decode check: only the stored one's is kept.
    const smalls = (await readdir(folder)).filter((name) => name.startsWith(photoId) && name.endsWith('_thumb_small.jpg'));
    expect(smalls).toEqual([
      thumbnailPath(rows[0]?.filePath ?? '', 'small')
        .split('/')
        .pop(),
    ]);
  });

  it('refuses other bytes under a stored photo id with 409 PHOTO_CONFLICT', async () => {
    const photo = await uploaded(owner.client, sessionId, await jpeg());
    const response = await put(owner.client, sessionId, photo.id, await jpeg());
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ error: { code: 'PHOTO_CONFLICT' } });
  });

  it('refuses bytes that do not match the sha256 sent with 400 CHECKSUM_MISMATCH, storing nothing', async () => {
    const body = await jpeg();
    const photoId = randomUUID();
    const response = await owner.client.put(uploadUrl(sessionId, photoId, { sha256: sha(Buffer.from('other')) }), body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: { code: 'CHECKSUM_MISMATCH' } });
    expect(await server.db.select().from(inspectionPhotos).where(eq(inspectionPhotos.id, photoId))).toHaveLength(0);
  });

  it('decides the type from the bytes: 415 naming the accepted types for a GIF, text or a fake JPEG', async () => {
    for (const body of [tinyGif(), Buffer.from('not a photo at all'), Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)])]) {
      const photoId = randomUUID();
      const response = await put(owner.client, sessionId, photoId, body, { fileName: 'roof.jpg' });
      expect(response.status).toBe(415);
      expect(response.body).toMatchObject({ error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: UNSUPPORTED_PHOTO_MESSAGE } });
      expect(await server.db.select().from(inspectionPhotos).where(eq(inspectionPhotos.id, photoId))).toHaveLength(0);
    }
  });

  it('accepts PNG and WebP', async () => {
    const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const webp = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#996633' } })
      .webp()
      .toBuffer();
    expect(await uploaded(owner.client, sessionId, png, { fileName: 'a.png' })).toMatchObject({ mimeType: 'image/png', width: 30, height: 20 });
    const photo = await uploaded(owner.client, sessionId, webp, { fileName: 'a.webp' });
    expect(photo.filePath).toMatch(/\.webp$/);
  });

  it('refuses the 0.77 MB 16000 x 16000 PNG (256 megapixels) with 422 naming the pixel budget, and stores nothing', async () => {
    const stored = async () => (await readdir(join(server.deps.config.dataDir, 'storage', 'project-files'), { recursive: true }).catch(() => [])).sort();
    const bomb = await pngBomb(16_000, 16_000);
    expect(bomb.length).toBeLessThan(MB);
    const photoId = randomUUID();
    const response = await put(owner.client, sessionId, photoId, bomb, { fileName: 'roof.png' });
    expect(response.status, response.text).toBe(422);
    expect(response.body).toMatchObject({ error: { code: 'IMAGE_TOO_MANY_PIXELS', message: pixelBudgetMessage(), requestId: expect.any(String) } });
    expect(await server.db.select().from(inspectionPhotos).where(eq(inspectionPhotos.id, photoId))).toHaveLength(0);
    // Every object of a photo is named by its id: none was written.
    expect((await stored()).filter((path) => path.includes(photoId))).toEqual([]);
  });

  it('refuses a JPEG, PNG or HEIC cut short with 422 PHOTO_UNREADABLE, stores nothing, and takes the whole files beside them', async () => {
    const stored = async () => (await readdir(join(server.deps.config.dataDir, 'storage', 'project-files'), { recursive: true }).catch(() => [])).sort();
    // Noise, so the entropy-coded data runs long and a cut lands well inside it (the header still reads).
    const noisy = (format: 'jpeg' | 'png') =>
      sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 0, g: 0, b: 0 }, noise: { type: 'gaussian', mean: 128, sigma: 50 } } })
        .toFormat(format)
        .toBuffer();
    const heic = await readFile(new URL('../../test/fixtures/photo-320x240.heic', import.meta.url));
    const halves: [string, Buffer][] = [
      ['roof.jpg', (await noisy('jpeg')).subarray(0, 20_000)],
      ['roof.png', await noisy('png').then((png) => png.subarray(0, Math.floor(png.length * 0.6)))],
      ['IMG_0002.HEIC', heic.subarray(0, heic.length - 500)],
    ];
    for (const [fileName, half] of halves) {
      const photoId = randomUUID();
      const response = await put(owner.client, sessionId, photoId, half, { fileName });
      expect(response.status, `${fileName}: ${response.text}`).toBe(422);
      expect(response.body).toMatchObject({ error: { code: 'PHOTO_UNREADABLE', message: errorMessage('PHOTO_UNREADABLE'), requestId: expect.any(String) } });
      expect(await server.db.select().from(inspectionPhotos).where(eq(inspectionPhotos.id, photoId))).toHaveLength(0);
      expect((await stored()).filter((path) => path.includes(photoId))).toEqual([]);
    }
    // The whole files are photos (in a session of their own: the HEIC test below uploads the same file).
    const wholeSession = await insertSession(owner.company.id);
    for (const [fileName, whole] of [
      ['roof.jpg', await noisy('jpeg')],
      ['roof.png', await noisy('png')],
      ['IMG_0003.HEIC', heic],
    ] as const) {
      const response = await put(owner.client, wholeSession, randomUUID(), whole, { fileName });
      expect(response.status, `${fileName}: ${response.text}`).toBe(201);
    }
  });

  it('answers a user without a company with 403 User profile not found', async () => {
    const loner = await signedInUser(server);
    const body = await jpeg();
    const response = await put(loner.client, sessionId, randomUUID(), body);
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ error: { code: 'PROFILE_NOT_FOUND', message: 'User profile not found' } });
  });

  it("answers another company's session or photo id with 404 and stores nothing", async () => {
    const body = await jpeg();
    const intoForeign = await put(owner.client, foreignSessionId, randomUUID(), body);
    expect(intoForeign.status).toBe(404);
    const mine = await uploaded(owner.client, sessionId, await jpeg());
    // The outsider sends a photo under an id this company holds, into their own session.
    const stolenId = await put(outsider.client, foreignSessionId, mine.id, body);
    expect(stolenId.status).toBe(404);
    expect(stolenId.text).not.toContain(mine.filePath);
    expect(await rowsOf(foreignSessionId)).toHaveLength(0);
  });

  it('validates the query: bad sha256, unknown category, lat without lng', async () => {
    const body = await jpeg();
    const bad = [
      uploadUrl(sessionId, randomUUID(), { sha256: 'abc' }),
      uploadUrl(sessionId, randomUUID(), { sha256: sha(body), category: 'selfie' as UploadPhotoQuery['category'] }),
      uploadUrl(sessionId, randomUUID(), { sha256: sha(body), lat: 40 }),
      `/api/inspections/${sessionId}/photos/not-a-uuid?sha256=${sha(body)}&fileName=a.jpg&category=roof`,
    ];
    for (const url of bad) {
      const response = await owner.client.put(url, body);
      expect(response.status, url).toBe(400);
      expect(response.body).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    }
  });
});

describe('the size limit on a kept-alive connection', () => {
  /** `chunked`: no Content-Length, the body sent in 64 KB pieces (Transfer-Encoding: chunked), as a stream is. */
  function send(agent: Agent, path: string, body: Buffer, chunked = false): Promise<{ status: number; text: string }> {
    const { hostname, port } = new URL(server.url);
    return new Promise((resolve, reject) => {
      let answered = false;
      const length: Record<string, string> = chunked ? {} : { 'Content-Length': String(body.length) };
      const req = request(
        { agent, hostname, port, path, method: 'PUT', headers: { Origin: server.url, Cookie: owner.client.cookieHeader(), ...length } },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => {
            answered = true;
            resolve({ status: res.statusCode ?? 0, text });
          });
        },
      );
      req.on('error', (error) => {
        if (!answered) reject(error);
      });
      if (!chunked) {
        req.end(body);
        return;
      }
      for (let at = 0; at < body.length; at += 64 * 1024) req.write(body.subarray(at, at + 64 * 1024));
      req.end();
    });
  }

  /** Every stored object (original or thumbnail) named by a photo id. */
  async function objectsOf(photoId: string): Promise<string[]> {
    const all = (await readdir(join(server.deps.config.dataDir, 'storage', 'project-files'), { recursive: true }).catch(() => [])) as string[];
    return all.filter((path) => path.includes(photoId));
  }

  it('refuses a streamed body (no Content-Length) past the limit with the one 413, storing nothing; a streamed photo within it is stored', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const big = Buffer.concat([await jpeg(), Buffer.alloc(MB + 10)]);
      const photoId = randomUUID();
      const tooLarge = await send(agent, uploadUrl(sessionId, photoId, { sha256: sha(big) }), big, true);
      expect(tooLarge.status).toBe(413);
      expect(JSON.parse(tooLarge.text)).toMatchObject({
        error: { code: 'PAYLOAD_TOO_LARGE', message: expect.stringContaining('1 MB') as unknown, requestId: expect.any(String) as unknown },
      });
      expect(await server.db.select().from(inspectionPhotos).where(eq(inspectionPhotos.id, photoId))).toHaveLength(0);
      expect(await objectsOf(photoId)).toEqual([]);
    } finally {
      agent.destroy();
    }
    const fresh = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const body = await jpeg(1200, 900);
      const photoId = randomUUID();
      const streamed = await send(fresh, uploadUrl(sessionId, photoId, { sha256: sha(body) }), body, true);
      expect(streamed.status, streamed.text).toBe(201);
      expect(sha((await download(uploadPhotoResultSchema.parse(JSON.parse(streamed.text)).photo.url)).body)).toBe(sha(body));
    } finally {
      fresh.destroy();
    }
  });

  it('refuses a streamed body whose bytes do not match the declared SHA-256 with 400 CHECKSUM_MISMATCH: no row, no object', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const body = await jpeg(1200, 900);
      for (const chunked of [true, false]) {
        const photoId = randomUUID();
        const response = await send(agent, uploadUrl(sessionId, photoId, { sha256: sha(Buffer.concat([body, Buffer.from([0])])) }), body, chunked);
        expect(response.status, response.text).toBe(400);
        expect(JSON.parse(response.text)).toMatchObject({ error: { code: 'CHECKSUM_MISMATCH' } });
        expect(await server.db.select().from(inspectionPhotos).where(eq(inspectionPhotos.id, photoId))).toHaveLength(0);
        expect(await objectsOf(photoId)).toEqual([]);
      }
    } finally {
      agent.destroy();
    }
  });

  it('answers 413 naming the limit, then a normal upload on the same agent is stored', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const big = Buffer.concat([await jpeg(), Buffer.alloc(MB + 10)]);
      const tooLarge = await send(agent, uploadUrl(sessionId, randomUUID(), { sha256: sha(big) }), big);
      expect(tooLarge.status).toBe(413);
      expect(JSON.parse(tooLarge.text)).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE', message: expect.stringContaining('1 MB') as unknown } });
      const body = await jpeg();
      const photoId = randomUUID();
      const normal = await send(agent, uploadUrl(sessionId, photoId, { sha256: sha(body) }), body);
      expect(normal.status, normal.text).toBe(201);
      expect(await server.db.select().from(inspectionPhotos).where(eq(inspectionPhotos.id, photoId))).toHaveLength(1);
    } finally {
      agent.destroy();
    }
  });
});

describe('the thumbnail job', () => {
  it('makes two upright JPEG sizes beside the original, served through signed URLs', async () => {
    // Orientation 6: stored 600 x 400, shown 400 x 600.
    const body = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#777777' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const uploadedPhoto = await uploaded(owner.client, sessionId, body);
    expect(uploadedPhoto).toMatchObject({ thumbSmallUrl: null, thumbLargeUrl: null, width: 400, height: 600 });
    const photo = await withThumbnails(owner.client, uploadedPhoto.id);
    const [row] = await server.db.select().from(inspectionPhotos).where(eq(inspectionPhotos.id, photo.id));
    expect(row?.thumbSmallPath).toBe(thumbnailPath(photo.filePath, 'small'));
    expect(row?.thumbnailsAt).toBeInstanceOf(Date);
    const small = await download(photo.thumbSmallUrl ?? '');
    const large = await download(photo.thumbLargeUrl ?? '');
    expect(small.status).toBe(200);
    const smallMeta = await sharp(small.body).metadata();
    const largeMeta = await sharp(large.body).metadata();
    expect([smallMeta.format, smallMeta.width, smallMeta.height]).toEqual(['jpeg', 267, 400]);
    expect([largeMeta.width, largeMeta.height]).toEqual([400, 600]);
    // The original is untouched.
    expect(sha((await download(photo.url)).body)).toBe(sha(body));
  });

  it('publishes the small size the upload drew before it decodes the original again for the large one', async () => {
    const uploadedPhoto = await uploaded(owner.client, sessionId, await jpeg(800, 600));
    // The answer names no thumbnail, yet the upload's decode check stored the small size beside the original.
    expect(uploadedPhoto).toMatchObject({ thumbSmallUrl: null, thumbLargeUrl: null });
    const photo = await withThumbnails(owner.client, uploadedPhoto.id);
    const small = await sharp((await download(photo.thumbSmallUrl ?? '')).body).metadata();
    expect([small.format, small.width, small.height]).toEqual(['jpeg', 400, 300]);

    // The job again, as the upload queued it: the small thumbnail is in the row when the original is read.
    const where = eq(inspectionPhotos.id, photo.id);
    await server.db.update(inspectionPhotos).set({ thumbSmallPath: null, thumbLargePath: null, thumbnailsAt: null }).where(where);
    const smallAtRead: Array<string | null | undefined> = [];
    const storage: Storage = {
      ...server.deps.storage,
      get: async (bucket, path) => {
        smallAtRead.push((await server.db.select().from(inspectionPhotos).where(where))[0]?.thumbSmallPath);
        return server.deps.storage.get(bucket, path);
      },
    };
    await createThumbnailWorker({ db: server.db, storage, events: server.deps.events })({ photoId: photo.id, companyId: owner.company.id, smallStored: true });
    expect(smallAtRead).toEqual([thumbnailPath(photo.filePath, 'small')]);
    const [row] = await server.db.select().from(inspectionPhotos).where(where);
    expect(row).toMatchObject({ thumbSmallPath: thumbnailPath(photo.filePath, 'small'), thumbLargePath: thumbnailPath(photo.filePath, 'large') });
    expect(row?.thumbnailsAt).toBeInstanceOf(Date);
    const large = await sharp((await download((await owner.client.get<Photo>(`/api/photos/${photo.id}`)).body.thumbLargeUrl ?? '')).body).metadata();
    expect([large.width, large.height]).toEqual([800, 600]);
  });

  // Decision 039: the file's camera metadata is the taken time and place, over what the device sent
  // (this test said the device's values were kept; issue 36 asks for the camera's).
  it('fills GPS and capture time from EXIF, over what the device sent', async () => {
    const exif = {
      IFD2: { DateTimeOriginal: '2024:05:01 10:20:30' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 26/1 4632/100', GPSLongitudeRef: 'W', GPSLongitude: '79/1 58/1 5600/100' },
    };
    const facts = await readExif(await jpeg(64, 48, exif));
    expect(facts.gps?.lat).toBeCloseTo(40.4462, 4);
    expect(facts.gps?.lng).toBeCloseTo(-79.9822, 4);

    const bare = await withThumbnails(owner.client, (await uploaded(owner.client, sessionId, await jpeg(64, 48, exif))).id);
    expect(bare).toMatchObject({ gpsSource: 'exif', capturedAtSource: 'exif' });
    expect(bare.gps?.lat).toBeCloseTo(40.4462, 4);
    expect(bare.capturedAt).toMatch(/^2024-05-01T/);

    const told = await withThumbnails(
      owner.client,
      (await uploaded(owner.client, sessionId, await jpeg(64, 48, exif), { lat: 10, lng: 20, capturedAt: '2026-01-02T03:04:05.000Z' })).id,
    );
    expect(told).toMatchObject({ gpsSource: 'exif', capturedAtSource: 'exif' });
    expect(told.gps?.lat).toBeCloseTo(40.4462, 4);
    expect(told.capturedAt).toMatch(/^2024-05-01T/);
  });

  it('decodes a HEIC photo (off the main thread) into thumbnails and its dimensions', async () => {
    const heic = await readFile(new URL('../../test/fixtures/photo-320x240.heic', import.meta.url));
    const uploadedPhoto = await uploaded(owner.client, sessionId, heic, { fileName: 'IMG_0001.HEIC' });
    expect(uploadedPhoto).toMatchObject({ mimeType: expect.stringMatching(/^image\/hei[cf]$/) as unknown, width: null });
    expect(uploadedPhoto.filePath).toMatch(/\.hei[cf]$/);
    const photo = await withThumbnails(owner.client, uploadedPhoto.id);
    expect(photo).toMatchObject({ width: 320, height: 240 });
    const large = await sharp((await download(photo.thumbLargeUrl ?? '')).body).metadata();
    expect([large.format, large.width, large.height]).toEqual(['jpeg', 320, 240]);
  });
});

describe('galleries, retag, move and annotation', () => {
  it('lists a session and its project with filters; deleted=1 lists the restorable ones', async () => {
    const session = await insertSession(owner.company.id, projectId);
    const front = await uploaded(owner.client, session, await jpeg(), {
      category: 'elevation',
      subcategory: 'front',
      phase: 'elevations',
      capturedAt: '2026-05-01T10:00:00.000Z',
    });
    const hail = await uploaded(owner.client, session, await jpeg(), {
      category: 'damage',
      subcategory: 'hail',
      phase: 'roof',
      structureId: 'garage',
      capturedAt: '2026-05-01T09:00:00.000Z',
    });
    const gone = await uploaded(owner.client, session, await jpeg(), { category: 'damage', subcategory: 'hail', phase: 'roof' });
    expect((await owner.client.delete(`/api/photos/${gone.id}`)).status).toBe(204);

    const list = async (path: string) => {
      const response = await owner.client.get(path);
      expect(response.status, response.text).toBe(200);
      return photoListSchema.parse(response.body).photos.map((p) => p.id);
    };
    expect(await list(`/api/inspections/${session}/photos`)).toEqual([hail.id, front.id]);
    expect(await list(`/api/inspections/${session}/photos?category=damage`)).toEqual([hail.id]);
    expect(await list(`/api/inspections/${session}/photos?phase=elevations`)).toEqual([front.id]);
    expect(await list(`/api/inspections/${session}/photos?subcategory=front`)).toEqual([front.id]);
    expect(await list(`/api/inspections/${session}/photos?structureId=garage`)).toEqual([hail.id]);
    expect(await list(`/api/inspections/${session}/photos?deleted=1`)).toEqual([gone.id]);
    const project = await list(`/api/projects/${projectId}/photos?category=elevation`);
    expect(project).toContain(front.id);
    expect(project).not.toContain(hail.id);
  });

  it('retags a photo and moves it to another session and onto a project, with timeline rows on both sessions', async () => {
    const from = await insertSession(owner.company.id, projectId);
    const to = await insertSession(owner.company.id);
    const photo = await uploaded(owner.client, from, await jpeg());
    const retag = await owner.client.patch<Photo>(`/api/photos/${photo.id}`, {
      category: 'damage',
      subcategory: 'wind_crease',
      notes: 'Creased tab',
      phase: null,
    });
    expect(retag.status, retag.text).toBe(200);
    expect(retag.body).toMatchObject({
      category: 'damage',
      subcategory: 'wind_crease',
      notes: 'Creased tab',
      phase: null,
      sha256: photo.sha256,
      filePath: photo.filePath,
    });

    const moved = await owner.client.post<Photo>(`/api/photos/${photo.id}/move`, { sessionId: to });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({ sessionId: to, projectId: null });
    for (const session of [from, to]) {
      const kinds = await server.db
        .select()
        .from(inspectionActivity)
        .where(and(eq(inspectionActivity.sessionId, session), eq(inspectionActivity.kind, 'photo_moved')));
      expect(kinds).toHaveLength(1);
    }
    const filed = await owner.client.post<Photo>(`/api/photos/${photo.id}/move`, { projectId });
    expect(filed.body).toMatchObject({ sessionId: null, projectId });
    expect(photoListSchema.parse((await owner.client.get(`/api/projects/${projectId}/photos`)).body).photos.map((p) => p.id)).toContain(photo.id);

    // Moving into a session that already has these bytes would hold them twice.
    const twin = await uploaded(owner.client, from, await jpeg());
    const copy = await put(owner.client, to, randomUUID(), (await download(twin.url)).body);
    expect(copy.status).toBe(201);
    const clash = await owner.client.post(`/api/photos/${twin.id}/move`, { sessionId: to });
    expect(clash.status).toBe(409);
  });

  it('saves, re-saves and clears an annotation; the stored original and its SHA-256 never change', async () => {
    const body = await jpeg(500, 400);
    const photo = await uploaded(owner.client, sessionId, body);
    const drawing = {
      version: 1,
      shapes: [
        { type: 'arrow', id: 'a1', x1: 0.1, y1: 0.1, x2: 0.5, y2: 0.5, color: '#ef4444', width: 0.01 },
        { type: 'circle', id: 'c1', cx: 0.5, cy: 0.5, rx: 0.1, ry: 0.1, color: '#facc15', width: 0.005 },
        {
          type: 'freehand',
          id: 'f1',
          points: [
            [0.1, 0.2],
            [0.2, 0.3],
            [0.3, 0.25],
          ],
          color: '#ffffff',
          width: 0.004,
        },
        { type: 'text', id: 't1', x: 0.6, y: 0.2, text: '8 hits', color: '#000000', size: 0.05 },
      ],
    };
    const saved = await owner.client.request<Photo>('PUT', `/api/photos/${photo.id}/annotation`, { json: { annotation: drawing } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.annotation).toEqual(drawing);
    const edited = { version: 1, shapes: [drawing.shapes[0]] };
    const resaved = await owner.client.request<Photo>('PUT', `/api/photos/${photo.id}/annotation`, { json: { annotation: edited } });
    expect(resaved.body.annotation).toEqual(edited);
    expect((await owner.client.get<Photo>(`/api/photos/${photo.id}`)).body.annotation).toEqual(edited);
    const cleared = await owner.client.request<Photo>('PUT', `/api/photos/${photo.id}/annotation`, { json: { annotation: null } });
    expect(cleared.body.annotation).toBeNull();

    const [row] = await server.db.select().from(inspectionPhotos).where(eq(inspectionPhotos.id, photo.id));
    expect(row?.sha256).toBe(sha(body));
    expect(row?.filePath).toBe(photo.filePath);
    const stored = await server.deps.storage.get('project-files', photo.filePath);
    expect(sha(stored?.body ?? Buffer.alloc(0))).toBe(sha(body));

    const bad = await owner.client.request('PUT', `/api/photos/${photo.id}/annotation`, {
      json: { annotation: { version: 1, shapes: [{ type: 'arrow', id: 'x', x1: 2, y1: 0, x2: 0, y2: 0, color: '#ef4444', width: 0.01 }] } },
    });
    expect(bad.status).toBe(400);
  });
});

describe('soft delete, restore and purge', () => {
  it('deletes softly (204, gone from the gallery, timeline row), restores within 30 days, and the purge keeps it at 29 days and removes row and files at 31', async () => {
    const session = await insertSession(owner.company.id);
    const photo = await withThumbnails(owner.client, (await uploaded(owner.client, session, await jpeg())).id);
    expect((await owner.client.delete(`/api/photos/${photo.id}`)).status).toBe(204);
    expect((await owner.client.delete(`/api/photos/${photo.id}`)).status).toBe(204);
    expect(photoListSchema.parse((await owner.client.get(`/api/inspections/${session}/photos`)).body).photos).toHaveLength(0);
    const deleted = photoSchema.parse((await owner.client.get(`/api/photos/${photo.id}`)).body);
    expect(deleted.deletedAt).not.toBeNull();
    expect(new Date(deleted.purgeAt ?? 0).getTime() - new Date(deleted.deletedAt ?? 0).getTime()).toBe(30 * 24 * 3600 * 1000);
    expect((await owner.client.patch(`/api/photos/${photo.id}`, { notes: 'x' })).status).toBe(404);

    const restored = await owner.client.post<Photo>(`/api/photos/${photo.id}/restore`);
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body.deletedAt).toBeNull();
    const kinds = (await server.db.select().from(inspectionActivity).where(eq(inspectionActivity.sessionId, session))).map((a) => a.kind);
    expect(kinds.filter((k) => k !== 'photo_uploaded').sort()).toEqual(['photo_deleted', 'photo_restored']);

    // Deleted again; the clock moves on.
    expect((await owner.client.delete(`/api/photos/${photo.id}`)).status).toBe(204);
    const [row] = await server.db.select().from(inspectionPhotos).where(eq(inspectionPhotos.id, photo.id));
    const deletedAt = row?.deletedAt ?? new Date();
    const day = 24 * 3600 * 1000;
    const photos = createPhotosService({ db: server.db, storage: server.deps.storage, logger: server.deps.logger, queueThumbnails: () => Promise.resolve() });
    await expect(
      photos.restore(ownerActor(), { companyId: owner.company.id, role: 'owner' }, photo.id, new Date(deletedAt.getTime() + 31 * day)),
    ).rejects.toThrow(/can no longer be restored/);

    await photos.purge(new Date(deletedAt.getTime() + 29 * day));
    expect(await server.db.select().from(inspectionPhotos).where(eq(inspectionPhotos.id, photo.id))).toHaveLength(1);
    const paths = [row?.filePath, row?.thumbSmallPath, row?.thumbLargePath].filter((p): p is string => Boolean(p));
    expect(paths).toHaveLength(3);
    for (const path of paths) expect(await server.deps.storage.get('project-files', path)).not.toBeNull();

    expect(await photos.purge(new Date(deletedAt.getTime() + 31 * day))).toBeGreaterThanOrEqual(1);
    expect(await server.db.select().from(inspectionPhotos).where(eq(inspectionPhotos.id, photo.id))).toHaveLength(0);
    for (const path of paths) expect(await server.deps.storage.get('project-files', path)).toBeNull();
    expect((await owner.client.get(`/api/photos/${photo.id}`)).status).toBe(404);
  });
});

describe('who may delete and restore a photo', () => {
  it("lets a member delete and restore the photos they took, never a colleague's; owners and managers anyone's; a refusal changes nothing", async () => {
    const manager = await signedInUser(server, { company: owner.company, role: 'manager' });
    const session = await insertSession(owner.company.id, projectId);
    // Thumbnails made first: the job's writes would otherwise change the rows compared below.
    const mine = await withThumbnails(colleague.client, (await uploaded(colleague.client, session, await jpeg(320, 240))).id);
    const theirs = await withThumbnails(owner.client, (await uploaded(owner.client, session, await jpeg(330, 250))).id);
    const refusal = (action: string) => ({
      error: {
        code: 'FORBIDDEN',
        message: `Only company owners and managers, or the person who took this photo, can ${action} it.`,
        timestamp: expect.any(String),
        requestId: expect.any(String),
      },
    });

    const before = await rowsOf(session);
    const deleting = await colleague.client.delete(`/api/photos/${theirs.id}`);
    expect(deleting.status, deleting.text).toBe(403);
    expect(deleting.body).toEqual(refusal('delete'));
    expect(await rowsOf(session)).toEqual(before);

    expect((await colleague.client.delete(`/api/photos/${mine.id}`)).status).toBe(204);
    expect((await colleague.client.post(`/api/photos/${mine.id}/restore`)).status).toBe(200);

    expect((await manager.client.delete(`/api/photos/${theirs.id}`)).status).toBe(204);
    const deleted = await rowsOf(session);
    const restoring = await colleague.client.post(`/api/photos/${theirs.id}/restore`);
    expect(restoring.status, restoring.text).toBe(403);
    expect(restoring.body).toEqual(refusal('restore'));
    expect(await rowsOf(session)).toEqual(deleted);
    expect((await owner.client.post(`/api/photos/${theirs.id}/restore`)).status).toBe(200);
    // Working a colleague's photo stays every member's: retag and annotate.
    expect((await colleague.client.patch(`/api/photos/${theirs.id}`, { notes: 'Soft metal dent, 1 in' })).status).toBe(200);
  });
});

describe('generate-photo-thumbnails', () => {
  it("queues the company's photos again and refuses any id not its own or not matching its path (404, nothing queued)", async () => {
    const photo = await withThumbnails(owner.client, (await uploaded(owner.client, sessionId, await jpeg())).id);
    const [before] = await server.db.select().from(inspectionPhotos).where(eq(inspectionPhotos.id, photo.id));
    const item = { id: photo.id, file_path: photo.filePath, file_name: photo.fileName };
    const queued = await owner.client.post('/api/functions/generate-photo-thumbnails', { photos: [item] });
    expect(queued.status, queued.text).toBe(200);
    expect(queued.body).toEqual({ queued: 1 });
    await expect
      .poll(async () => (await server.db.select().from(inspectionPhotos).where(eq(inspectionPhotos.id, photo.id)))[0]?.thumbnailsAt?.getTime(), {
        timeout: 15_000,
      })
      .toBeGreaterThan(before?.thumbnailsAt?.getTime() ?? 0);

    const wrongPath = await owner.client.post('/api/functions/generate-photo-thumbnails', { photos: [item, { ...item, file_path: 'elsewhere/x.jpg' }] });
    expect(wrongPath.status).toBe(404);
    const foreign = await outsider.client.post('/api/functions/generate-photo-thumbnails', { photos: [item] });
    expect(foreign.status).toBe(404);
  });
});

describe("another company's user", () => {
  it('gets 404 on every photo endpoint and sees nothing in the lists', async () => {
    const photo = await uploaded(owner.client, sessionId, await jpeg());
    const c = outsider.client;
    const answers = [
      await c.get(`/api/inspections/${sessionId}/photos`),
      await c.get(`/api/projects/${projectId}/photos`),
      await c.get(`/api/photos/${photo.id}`),
      await c.patch(`/api/photos/${photo.id}`, { notes: 'mine now' }),
      await c.post(`/api/photos/${photo.id}/move`, { sessionId: foreignSessionId }),
      await c.request('PUT', `/api/photos/${photo.id}/annotation`, { json: { annotation: null } }),
      await c.delete(`/api/photos/${photo.id}`),
      await c.post(`/api/photos/${photo.id}/restore`),
    ];
    for (const answer of answers) {
      expect(answer.status, answer.text).toBe(404);
      expect(answer.text).not.toContain(photo.filePath);
    }
    // Nor may the owner move a photo into the outsider's session.
    expect((await owner.client.post(`/api/photos/${photo.id}/move`, { sessionId: foreignSessionId })).status).toBe(404);
    expect(photoListSchema.parse((await c.get(`/api/inspections/${foreignSessionId}/photos`)).body).photos).toHaveLength(0);
    const [row] = await server.db.select().from(inspectionPhotos).where(eq(inspectionPhotos.id, photo.id));
    expect(row).toMatchObject({ notes: null, deletedAt: null, sessionId });
  });
});
