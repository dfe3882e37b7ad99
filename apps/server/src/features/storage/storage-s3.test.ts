import { createHash, randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoSchema, uploadPhotoResultSchema, type Photo } from '@ridgeline/shared/contracts/photos';
import { inspectionSessions } from '../../infra/db/schema/index';
import { createS3Client } from '../../infra/storage/s3';
import { insertProjectRow, signedInOwner } from '../../test/factories';
import { startTestS3Server, type TestS3Server } from '../../test/s3-server';
import { useTestServer } from '../../test/use-test-server';

// The whole server on STORAGE_DRIVER=s3 against a real S3-protocol server (s3rver, started here): a
// field photo uploaded through the API lands in the bucket, the thumbnail job reads it from there
// and writes its thumbnails beside it, and the signed URLs serve all three through /api/storage.

let s3: TestS3Server;
let s3Client: S3Client;
beforeAll(async () => {
  s3 = await startTestS3Server();
  s3Client = createS3Client(s3.settings);
});
const server = useTestServer(() => s3.env);
afterAll(async () => {
  s3Client.destroy();
  await s3.close();
});

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function keysUnder(prefix: string): Promise<string[]> {
  const listed = await s3Client.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket, Prefix: prefix }));
  return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
}

describe('the server on S3 storage', () => {
  it('stores an uploaded photo in the bucket, makes its thumbnails there and serves all three through signed URLs', async () => {
    const owner = await signedInOwner(server);
    const outsider = await signedInOwner(server);
    const project = await insertProjectRow(server.db, owner.company.id);
    const sessionId = randomUUID();
    await server.db.insert(inspectionSessions).values({ id: sessionId, companyId: owner.company.id, projectId: project.id, street: '12 Shingle Way' });

    const body = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#557799' } })
      .jpeg()
      .toBuffer();
    const query = new URLSearchParams({ fileName: 'roof.jpg', category: 'roof', phase: 'roof', sha256: sha(body) });
    const upload = await owner.client.put(`/api/inspections/${sessionId}/photos/${randomUUID()}?${query.toString()}`, body);
    expect(upload.status, upload.text).toBe(201);
    const uploaded = uploadPhotoResultSchema.parse(upload.body).photo;

    let photo: Photo | null = null;
    await expect
      .poll(
        async () => {
          photo = photoSchema.parse((await owner.client.get(`/api/photos/${uploaded.id}`)).body);
          return photo.thumbSmallUrl !== null && photo.thumbLargeUrl !== null;
        },
        { timeout: 15_000, interval: 100 },
      )
      .toBe(true);
    if (!photo) throw new Error('no photo');
    const ready: Photo = photo;

    // Original and both thumbnails are objects of the bucket, under the same paths the disk would use.
    expect(await keysUnder(`project-files/${sessionId}/`)).toEqual(
      [
        ready.filePath,
        ...[ready.thumbSmallUrl, ready.thumbLargeUrl].map((url) => decodeURIComponent(new URL(url ?? '').pathname.replace('/api/storage/project-files/', ''))),
      ]
        .map((path) => `project-files/${path}`)
        .sort(),
    );
    // Nothing was written to the local store.
    expect(await readdir(join(server.deps.config.dataDir, 'storage')).catch(() => [])).toEqual([]);

    const original = await fetch(ready.url);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/jpeg');
    expect(sha(Buffer.from(await original.arrayBuffer()))).toBe(sha(body));
    const large = await fetch(ready.thumbLargeUrl ?? '');
    expect(large.status).toBe(200);
    expect(large.headers.get('cache-control')).toBe('max-age=3600');
    const meta = await sharp(Buffer.from(await large.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 600, 400]);

    // The URL's signature still guards the object, and another company's user sees no photo.
    const unsigned = new URL(ready.url);
    expect((await fetch(`${unsigned.origin}${unsigned.pathname}`)).status).toBe(403);
    const foreign = await outsider.client.get(`/api/photos/${uploaded.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.text).not.toContain(ready.filePath);
  });

  it('serves public avatars and answers 404 for a missing object', async () => {
    await server.deps.storage.put('avatars', 'users/u1/a.png', Buffer.from('png-ish'), { contentType: 'image/png' });
    const avatar = await server.client().get('/api/storage/avatars/users/u1/a.png');
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toBe('image/png');
    expect(avatar.headers.get('cache-control')).toBe('public, max-age=3600');
    const missing = await server.client().get('/api/storage/avatars/users/u1/missing.png');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});
