import { createHash, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
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
import { companies, inspectionSessions } from '../../infra/db/schema/index';
import { insertProjectRow, signedInOwner, type SignedUpUser } from '../../test/factories';
import { useTestServer } from '../../test/use-test-server';
import { readExif } from './photo-thumbnails';

// Decision 039: a photo's taken time and place are its camera metadata's (JPEG and HEIC, read on the
// server from the stored bytes), or the device's when the app's camera took it; a photo "From
// library" without camera metadata has neither and never borrows the upload's time or the device's
// location, which is kept apart as where it was uploaded. Provenance flags say what an adjuster would.

const server = useTestServer();
let owner: Awaited<ReturnType<typeof signedInOwner>>;
let outsider: SignedUpUser;
let sessionId: string;

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
let shade = 0;
async function jpeg(width: number, height: number, exif?: Record<string, Record<string, string>>): Promise<Buffer> {
  shade += 1;
  const image = sharp({ create: { width, height, channels: 3, background: { r: shade % 256, g: (shade * 7) % 256, b: 90 } } });
  return (exif ? image.withExif(exif) : image).jpeg().toBuffer();
}

/**
 * A file cropped by an editor that kept the camera's metadata: a small JPEG carrying the EXIF block
 * of a larger one (libvips writes the true size into the EXIF it saves, so the block is spliced in).
 */
async function croppedKeepingExif(width: number, height: number, cameraWidth: number, cameraHeight: number): Promise<Buffer> {
  const camera = await sharp({ create: { width: cameraWidth, height: cameraHeight, channels: 3, background: '#777' } })
    .withExif({ IFD0: { Make: 'Apple', Model: 'iPhone 15' } })
    .jpeg()
    .toBuffer();
  const exif = (await sharp(camera).metadata()).exif;
  if (!exif) throw new Error('no EXIF written');
  const length = Buffer.alloc(2);
  length.writeUInt16BE(exif.length + 2);
  const small = await jpeg(width, height);
  return Buffer.concat([small.subarray(0, 2), Buffer.from([0xff, 0xe1]), length, exif, small.subarray(2)]);
}

/** The walk's file: EXIF 2008-10-22 16:29:49 +02:00 at 43.46 N, 11.88 E. */
const TUSCANY = {
  IFD0: { Make: 'Canon', Model: 'Canon EOS 40D' },
  IFD2: { DateTimeOriginal: '2008:10:22 16:29:49', OffsetTimeOriginal: '+02:00' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '43/1 27/1 3600/100', GPSLongitudeRef: 'E', GPSLongitude: '11/1 52/1 4800/100' },
};
/** Where the phone was at upload (Edmond, Oklahoma), and the property's own coordinates. */
const DEVICE = { lat: 35.6528, lng: -97.4781 };
const NOW = '2026-12-01T18:54:00.000Z';

async function upload(client: SignedUpUser['client'], session: string, body: Buffer, query: Partial<UploadPhotoQuery> = {}) {
  const params = new URLSearchParams();
  const full: Record<string, unknown> = { fileName: 'IMG_0042.jpg', category: 'damage', subcategory: 'hail', phase: 'roof', sha256: sha(body), ...query };
  for (const [key, value] of Object.entries(full)) if (value !== undefined) params.set(key, String(value));
  return client.put<UploadPhotoResult>(`/api/inspections/${session}/photos/${randomUUID()}?${params.toString()}`, body);
}

async function uploaded(session: string, body: Buffer, query: Partial<UploadPhotoQuery> = {}): Promise<Photo> {
  const response = await upload(owner.client, session, body, query);
  if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${response.text}`);
  return uploadPhotoResultSchema.parse(response.body).photo;
}

/** The photo once the thumbnail job (which reads the camera metadata) has run. */
async function read(photoId: string): Promise<Photo> {
  let photo: Photo | null = null;
  await expect
    .poll(
      async () => {
        photo = photoSchema.parse((await owner.client.get<Photo>(`/api/photos/${photoId}`)).body);
        return photo.metadataRead && photo.thumbLargeUrl !== null;
      },
      { timeout: 15_000, interval: 100 },
    )
    .toBe(true);
  if (!photo) throw new Error('no photo');
  return photo;
}

const kinds = (photo: Photo) => photo.flags.map((f) => f.kind);

async function newSession(projectId: string | null): Promise<string> {
  const id = randomUUID();
  await server.db.insert(inspectionSessions).values({ id, companyId: owner.company.id, projectId, street: '1 Storm Ln' });
  return id;
}

beforeAll(async () => {
  owner = await signedInOwner(server);
  outsider = await signedInOwner(server);
  await server.db.update(companies).set({ timeZone: 'America/Chicago' }).where(eq(companies.id, owner.company.id));
  const project = await insertProjectRow(server.db, owner.company.id, { dateOfLoss: '2026-11-14', latitude: DEVICE.lat, longitude: DEVICE.lng });
  sessionId = await newSession(project.id);
});

describe('a photo from the library keeps its camera time and place', () => {
  it('takes DateTimeOriginal with its offset and the GPS from a JPEG, never the upload time or the device location', async () => {
    const sent = await uploaded(sessionId, await jpeg(64, 48, TUSCANY), { origin: 'library', capturedAt: NOW, ...DEVICE });
    // Before the camera metadata is read, nothing borrows the device's values.
    expect(sent).toMatchObject({ origin: 'library', capturedAt: null, gps: null, deviceGps: DEVICE });
    const photo = await read(sent.id);
    expect(photo).toMatchObject({ capturedAt: '2008-10-22T14:29:49.000Z', capturedAtSource: 'exif', gpsSource: 'exif', deviceGps: DEVICE, origin: 'library' });
    expect(photo.gps?.lat).toBeCloseTo(43.46, 4);
    expect(photo.gps?.lng).toBeCloseTo(11.88, 4);
    expect(photo.flags).toEqual([
      { kind: 'before-loss', reason: 'Taken Oct 22, 2008, before the date of loss (Nov 14, 2026)' },
      { kind: 'far-from-property', reason: expect.stringMatching(/^Taken 5,\d{3} miles from the property$/) as unknown },
    ]);
    // The claim file's gallery says the same.
    const list = photoListSchema.parse((await owner.client.get(`/api/inspections/${sessionId}/photos`)).body);
    expect(list.photos.find((p) => p.id === photo.id)?.flags.map((f) => f.kind)).toEqual(['before-loss', 'far-from-property']);
  });

  it('a library JPEG without camera metadata has no taken time or place; the device location is kept as at upload', async () => {
    const photo = await read((await uploaded(sessionId, await jpeg(64, 48), { origin: 'library', capturedAt: NOW, ...DEVICE })).id);
    expect(photo).toMatchObject({ capturedAt: null, capturedAtSource: null, gps: null, gpsSource: null, deviceGps: DEVICE, metadataRead: true, flags: [] });
  });

  it('a HEIC from the library without camera metadata does not borrow the upload time either', async () => {
    const heic = await readFile(new URL('../../test/fixtures/photo-320x240.heic', import.meta.url));
    const photo = await read((await uploaded(sessionId, heic, { fileName: 'IMG_0001.HEIC', origin: 'library', capturedAt: NOW, ...DEVICE })).id);
    expect(photo).toMatchObject({ width: 320, height: 240, capturedAt: null, capturedAtSource: null, gps: null, deviceGps: DEVICE, origin: 'library' });
    // exifr reads HEIC's own metadata box: the fixture has none.
    expect(await readExif(heic)).toEqual({ gps: null, capturedAt: null, software: null, size: null });
  });

  it("the app's camera: the device's clock and position are the taken ones, unless the file's camera metadata says otherwise", async () => {
    const session = await newSession(null);
    const bare = await read((await uploaded(session, await jpeg(64, 48), { capturedAt: NOW, ...DEVICE })).id);
    expect(bare).toMatchObject({ origin: 'camera', capturedAt: NOW, capturedAtSource: 'device', gps: DEVICE, gpsSource: 'device', deviceGps: null });
    const tagged = await read((await uploaded(session, await jpeg(64, 48, TUSCANY), { capturedAt: NOW, ...DEVICE })).id);
    expect(tagged).toMatchObject({ capturedAt: '2008-10-22T14:29:49.000Z', capturedAtSource: 'exif', gpsSource: 'exif' });
  });
});

describe('provenance flags', () => {
  it("flags a photo far from where the session's other photos were taken (no claim file: no property, no date of loss)", async () => {
    const session = await newSession(null);
    const near = [];
    for (const [i, offset] of [0, 0.001, 0.002].entries()) {
      near.push(await uploaded(session, await jpeg(64, 48), { capturedAt: NOW, lat: DEVICE.lat + offset, lng: DEVICE.lng, subcategory: `hail_${i}` }));
    }
    const far = await read((await uploaded(session, await jpeg(64, 48, TUSCANY), { origin: 'library', subcategory: 'far' })).id);
    expect(far.flags).toEqual([
      { kind: 'far-from-session', reason: expect.stringMatching(/^Taken 5,\d{3} miles from the nearest of the session's other photos$/) as unknown },
    ]);
    for (const photo of near) expect(kinds(await read(photo.id))).toEqual([]);
  });

  it('flags a file edited after capture: an editor in its Software tag, or pixels that do not match its camera metadata', async () => {
    const session = await newSession(null);
    const edited = await read((await uploaded(session, await jpeg(64, 48, { IFD0: { Software: 'Adobe Photoshop 25.0' } }), { subcategory: 'a' })).id);
    expect(edited.flags).toEqual([{ kind: 'edited', reason: 'Edited after capture: the file was saved by Adobe Photoshop 25.0' }]);
    const cropped = await read((await uploaded(session, await croppedKeepingExif(64, 48, 640, 480), { subcategory: 'b' })).id);
    expect(cropped.flags).toEqual([{ kind: 'edited', reason: 'Edited after capture: it is 64 × 48 pixels, while its camera metadata says 640 × 480' }]);
    const phone = await read((await uploaded(session, await jpeg(64, 48, { IFD0: { Software: '17.1.2' } }), { subcategory: 'c' })).id);
    expect(phone.flags).toEqual([]);
  });

  it("reads a camera time without an offset in the company's time zone", async () => {
    const facts = await readExif(await jpeg(32, 24, { IFD2: { DateTimeOriginal: '2026:07:04 09:30:00' } }), 'America/Chicago');
    expect(facts.capturedAt?.toISOString()).toBe('2026-07-04T14:30:00.000Z');
  });

  it('another company sees none of it', async () => {
    const photo = await uploaded(sessionId, await jpeg(64, 48, TUSCANY), { origin: 'library', subcategory: 'other' });
    expect((await outsider.client.get(`/api/photos/${photo.id}`)).status).toBe(404);
    expect((await outsider.client.get(`/api/inspections/${sessionId}/photos`)).status).toBe(404);
  });
});
