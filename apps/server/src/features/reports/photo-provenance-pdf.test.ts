import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { reportDetailResponseSchema, type ReportDetail } from '@ridgeline/shared/contracts/documents';
import { photoSchema, uploadPhotoResultSchema, type Photo, type UploadPhotoQuery } from '@ridgeline/shared/contracts/photos';
import { companies, inspectionSessions } from '../../infra/db/schema/index';
import { insertProjectRow, signedInOwner } from '../../test/factories';
import { useTestServer } from '../../test/use-test-server';

// Decision 039 on paper: the photo report, rendered by the real engine and read back with poppler,
// prints a photo's camera time (never the upload's), says when a file has no camera time, labels the
// device's location at upload, prints the provenance flags with their reasons, and its evidence
// appendix says for each photo where its time and place came from.

const server = useTestServer();
const run = promisify(execFile);
let owner: Awaited<ReturnType<typeof signedInOwner>>;
let projectId: string;
let sessionId: string;
let dir: string;

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const DEVICE = { lat: 35.6528, lng: -97.4781 };

async function jpeg(shade: number, exif?: Record<string, Record<string, string>>): Promise<Buffer> {
  const image = sharp({ create: { width: 96, height: 72, channels: 3, background: { r: shade, g: 120, b: 80 } } });
  return (exif ? image.withExif(exif) : image).jpeg().toBuffer();
}

async function uploadRead(body: Buffer, query: Partial<UploadPhotoQuery>): Promise<Photo> {
  const params = new URLSearchParams();
  const full: Record<string, unknown> = { fileName: 'IMG_0042.jpg', phase: 'roof', sha256: sha(body), ...query };
  for (const [key, value] of Object.entries(full)) if (value !== undefined) params.set(key, String(value));
  const response = await owner.client.put(`/api/inspections/${sessionId}/photos/${randomUUID()}?${params.toString()}`, body);
  if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${response.text}`);
  const id = uploadPhotoResultSchema.parse(response.body).photo.id;
  let photo: Photo | null = null;
  await expect
    .poll(
      async () => {
        photo = photoSchema.parse((await owner.client.get(`/api/photos/${id}`)).body);
        return photo.metadataRead;
      },
      { timeout: 15_000, interval: 100 },
    )
    .toBe(true);
  if (!photo) throw new Error('no photo');
  return photo;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ridgeline-provenance-'));
  owner = await signedInOwner(server, { phone: '+1 555 010 9999', address: '1 Main St, Edmond, OK' });
  await server.db.update(companies).set({ timeZone: 'America/Chicago' }).where(eq(companies.id, owner.company.id));
  projectId = (
    await insertProjectRow(server.db, owner.company.id, {
      street: '9 Hail Ct',
      city: 'Edmond',
      state: 'OK',
      dateOfLoss: '2026-11-14',
      latitude: DEVICE.lat,
      longitude: DEVICE.lng,
    })
  ).id;
  sessionId = randomUUID();
  await server.db.insert(inspectionSessions).values({
    id: sessionId,
    companyId: owner.company.id,
    projectId,
    street: '9 Hail Ct',
    structures: [{ id: 'house', name: 'Main house', kind: 'main_house', areas: ['roof'], slopes: [{ direction: 'S', testSquareHits: null }] }],
  });
});

describe('the photo report prints where each photo’s time and place came from', () => {
  it('camera metadata, device at capture, device at upload, none; the flags with their reasons', async () => {
    // The walk's old photo from another storm, chosen from the library.
    await uploadRead(
      await jpeg(10, {
        IFD2: { DateTimeOriginal: '2008:10:22 16:29:49', OffsetTimeOriginal: '+02:00' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '43/1 27/1 3600/100', GPSLongitudeRef: 'E', GPSLongitude: '11/1 52/1 4800/100' },
      }),
      { category: 'roof', subcategory: 'slope_s', origin: 'library', ...DEVICE, notes: 'Old storm' },
    );
    // A library photo without camera metadata.
    const bare = await uploadRead(await jpeg(60), {
      category: 'overview',
      subcategory: 'address',
      origin: 'library',
      ...DEVICE,
      capturedAt: '2026-12-01T18:54:00.000Z',
      notes: 'From the library',
    });
    // Taken with the app's camera at the property.
    await uploadRead(await jpeg(120), {
      category: 'overview',
      subcategory: 'front_of_house',
      capturedAt: '2026-12-01T18:40:00.000Z',
      lat: DEVICE.lat + 0.0004,
      lng: DEVICE.lng,
      notes: 'Front of the house',
    });

    const made = await owner.client.post('/api/reports', { kind: 'photo', projectId, layout: 2, overrideReason: 'Walk test' });
    expect(made.status, made.text).toBe(201);
    const id = reportDetailResponseSchema.parse(made.body).report.id;
    let report: ReportDetail | null = null;
    await expect
      .poll(
        async () => {
          report = reportDetailResponseSchema.parse((await owner.client.get(`/api/reports/${id}`)).body).report;
          return report.status;
        },
        { timeout: 60_000, interval: 250 },
      )
      .toMatch(/^(ready|failed)$/);
    expect(report).toMatchObject({ status: 'ready', error: null });
    const response = await fetch(`${server.url}/api/reports/${id}/file`, { headers: { Cookie: owner.client.cookieHeader() } });
    const path = join(dir, `${id}.pdf`);
    await writeFile(path, Buffer.from(await response.arrayBuffer()));
    const text = (await run('pdftotext', [path, '-'])).stdout.replace(/\s+/g, ' ');

    // Under the photos: the camera's time, never the upload's; a file without one says so; the device's location labelled.
    expect(text).toContain('Taken Oct 22, 2008, 9:29 AM CDT GPS 43.46000, 11.88000');
    expect(text).toContain('Flag: Taken Oct 22, 2008, before the date of loss (Nov 14, 2026)');
    expect(text).toMatch(/Flag: Taken 5,\d{3} miles from the property/);
    expect(text).toContain(`Added ${formatted(bare.receivedAt)}; the file has no camera time`);
    expect(text).toContain('Device at upload 35.65280, -97.47810');
    expect(text).not.toContain('Taken Dec 1, 2026, 12:54 PM CST');
    expect(text).toContain('Taken Dec 1, 2026, 12:40 PM CST GPS 35.65320, -97.47810');

    // The appendix: where each one's time and place came from.
    const appendix = text.slice(text.indexOf('Time and place of each photo'));
    expect(appendix.length).toBeLessThan(text.length);
    for (const words of [
      'camera metadata',
      'device at capture',
      'device at upload',
      'None: the file says nothing',
      'the file has no camera time',
      'before the date of loss',
    ]) {
      expect(appendix).toContain(words);
    }
    // Row by row (the first line of each row, as laid out): where each one's time and place came from.
    const rows = (await run('pdftotext', ['-layout', path, '-'])).stdout;
    expect(rows).toMatch(/Old storm\s+Taken Oct 22, 2008, 9:29\s+camera\s+43\.46000, 11\.88000\s+camera\s+Taken Oct 22, 2008, before/);
    expect(rows).toMatch(/From the library\s+Added Dec \d+, 2026, [^\n]*\s+none\s+35\.65280, -97\.47810\s+device at\s+None/);
    expect(rows).toMatch(/Front of the house\s+Taken Dec 1, 2026,\s+device at\s+35\.65320, -97\.47810\s+device at\s+None/);
  });
});

function formatted(iso: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Chicago',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  })
    .format(new Date(iso))
    .replace(/[\u202f\u2009\u00a0]/g, ' ');
}
