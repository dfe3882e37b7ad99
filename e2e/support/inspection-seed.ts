import { createHash, randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { ORIGIN_HEADERS } from './flows';

// An inspection seeded through the API as a phone would have left it: one house with its roof
// (slopes N and S with their test-square hits), front and rear to inspect, and every required photo
// uploaded (front of house, address, front, rear, each slope and its test square).

export type SeededPhoto = { category: string; subcategory: string; phase: string };

/** The required shots of the house below, in walking order. */
export const REQUIRED_PHOTOS: readonly SeededPhoto[] = [
  { category: 'overview', subcategory: 'front_of_house', phase: 'overview' },
  { category: 'overview', subcategory: 'address', phase: 'overview' },
  { category: 'elevation', subcategory: 'front', phase: 'elevations' },
  { category: 'elevation', subcategory: 'rear', phase: 'elevations' },
  { category: 'roof', subcategory: 'slope_n', phase: 'roof' },
  { category: 'roof', subcategory: 'test_square_n', phase: 'roof' },
  { category: 'roof', subcategory: 'slope_s', phase: 'roof' },
  { category: 'roof', subcategory: 'test_square_s', phase: 'roof' },
];

/** A hail close-up: a damage photo. */
export const DAMAGE_PHOTO: SeededPhoto = { category: 'damage', subcategory: 'hail', phase: 'detail' };

/**
 * A new session with the house above, its test squares counted: N = `north`, S = `south`; `fields`
 * adds to or replaces the address and claim fields; `projectId` starts it on that claim file; `areas`
 * replaces the house's areas to inspect (roof, front and rear).
 */
export async function createInspection(
  page: Page,
  {
    north,
    south,
    fields = {},
    projectId,
    areas = ['roof', 'front', 'rear'],
  }: { north: number; south: number; fields?: Record<string, string>; projectId?: string; areas?: readonly string[] },
): Promise<string> {
  const id = randomUUID();
  const response = await page.request.post('/api/inspections', {
    headers: ORIGIN_HEADERS,
    data: {
      id,
      ...(projectId ? { projectId } : {}),
      editedAt: new Date().toISOString(),
      fields: {
        street: '12 Elm Street',
        city: 'Tulsa',
        state: 'OK',
        zip: '74103',
        homeownerName: 'Pat Miller',
        dateOfLoss: '2026-05-03',
        lossDescription: 'Hail storm, dented gutters and bruised shingles',
        ...fields,
        structures: [
          {
            id: 'house',
            name: 'Main house',
            kind: 'main_house',
            areas,
            slopes: [
              { direction: 'N', testSquareHits: north },
              { direction: 'S', testSquareHits: south },
            ],
          },
        ],
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return id;
}

/** Colours handed out in turn: no two photos of a run share bytes (a session refuses a second copy of one). */
let nextColour = 0;

/** A small JPEG of its own colour (each photo its own bytes and SHA-256; the multipliers are odd, so 255 colours differ). */
async function jpeg(seed: number): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: { r: (seed * 53) % 256, g: (seed * 97) % 256, b: (seed * 151) % 256 } } })
    .jpeg({ quality: 70 })
    .toBuffer();
}

/** Uploads `photos` to the session as the upload queue does; answers their ids in order. */
export async function uploadPhotos(page: Page, sessionId: string, photos: readonly SeededPhoto[]): Promise<string[]> {
  const ids: string[] = [];
  for (const photo of photos) {
    const id = randomUUID();
    nextColour = (nextColour % 255) + 1;
    const bytes = await jpeg(nextColour);
    const query = new URLSearchParams({
      fileName: `${photo.subcategory}.jpg`,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      category: photo.category,
      subcategory: photo.subcategory,
      phase: photo.phase,
      structureId: 'house',
    });
    const response = await page.request.put(`/api/inspections/${sessionId}/photos/${id}?${query.toString()}`, {
      headers: { ...ORIGIN_HEADERS, 'Content-Type': 'image/jpeg' },
      data: bytes,
    });
    expect(response.status(), await response.text()).toBe(201);
    ids.push(id);
  }
  return ids;
}

/**
 * A session of one house with its roof to inspect (on `projectId` when given) and its measurement of
 * `structure` (whose `structureId` is "house"), through the API: its id.
 */
export async function measuredSession(
  page: Page,
  {
    structure,
    street = '12 Oak Street',
    city = 'Tulsa',
    projectId = null,
  }: { structure: Record<string, unknown>; street?: string; city?: string; projectId?: string | null },
): Promise<string> {
  const id = randomUUID();
  const session = await page.request.post('/api/inspections', {
    headers: ORIGIN_HEADERS,
    data: {
      id,
      projectId,
      editedAt: new Date().toISOString(),
      fields: { street, city, structures: [{ id: 'house', name: 'Main house', kind: 'main_house', areas: ['roof'], slopes: [] }] },
    },
  });
  expect(session.status(), await session.text()).toBe(201);
  const measurement = await page.request.post('/api/measurements', { headers: ORIGIN_HEADERS, data: { sessionId: id, structures: [structure] } });
  expect(measurement.status(), await measurement.text()).toBe(201);
  return id;
}
