import { createHash, randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type BrowserContext, type Page, type Route } from '@playwright/test';
import sharp from 'sharp';
import type { InspectionSession } from '@ridgeline/shared/contracts/inspections';
import type { PhotoList } from '@ridgeline/shared/contracts/photos';
import { ORIGIN_HEADERS, signedInUser } from '../support/flows';
import { abortOffline } from '../support/network';

// The upload queue never loses a photo and never stores one twice: 60 photos captured on a phone
// while the network is cut and restored 10 times (the browser offline, the API's requests aborted
// before they leave, and answers lost after the server stored the photo), with the page reloaded
// twice along the way. At the end the server holds exactly the 60 photos, each once, each one's
// stored bytes hashing to its file's SHA-256. Then a session created with no network at all syncs
// later, with its photos.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

type TestPhoto = { name: string; mimeType: 'image/jpeg'; buffer: Buffer; sha256: string };

/**
 * Distinct JPEGs a phone might send, small enough to keep the run quick but large enough (a few
 * hundred KB) that an upload is in flight long enough to be cut: blurred noise, a different level per photo.
 */
async function makePhotos(count: number, label: string): Promise<TestPhoto[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const noise = await sharp({
        create: { width: 400, height: 300, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 80 + ((index * 13) % 90), sigma: 50 } },
      })
        .png()
        .toBuffer();
      const buffer = await sharp(noise).resize(1200, 900).blur(0.8).jpeg({ quality: 85 }).toBuffer();
      return {
        name: `${label}-${String(index + 1).padStart(2, '0')}.jpg`,
        mimeType: 'image/jpeg' as const,
        buffer,
        sha256: createHash('sha256').update(buffer).digest('hex'),
      };
    }),
  );
}

/** The session's live photos, as the server lists them. */
async function serverPhotos(request: APIRequestContext, sessionId: string): Promise<PhotoList['photos']> {
  const response = await request.get(`/api/inspections/${sessionId}/photos`);
  if (response.status() === 404) return [];
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as PhotoList).photos;
}

/** Every stored photo once, and every stored original hashing to the SHA-256 of one of the files. */
async function expectExactly(request: APIRequestContext, sessionId: string, photos: TestPhoto[]): Promise<void> {
  const stored = await serverPhotos(request, sessionId);
  expect(stored).toHaveLength(photos.length);
  expect(new Set(stored.map((p) => p.id)).size).toBe(photos.length);
  expect(new Set(stored.map((p) => p.sha256))).toEqual(new Set(photos.map((p) => p.sha256)));
  for (const photo of stored) {
    const original = await request.get(photo.url);
    expect(original.status()).toBe(200);
    expect(
      createHash('sha256')
        .update(await original.body())
        .digest('hex'),
      `${photo.fileName} as stored`,
    ).toBe(photo.sha256);
    expect(photo.fileSize).toBe(photos.find((p) => p.sha256 === photo.sha256)?.buffer.length);
  }
}

async function createSessionApi(request: APIRequestContext, street: string): Promise<string> {
  const id = randomUUID();
  const response = await request.post('/api/inspections', {
    headers: ORIGIN_HEADERS,
    data: {
      id,
      fields: {
        street,
        city: 'Denver',
        state: 'CO',
        zip: '80202',
        structures: [
          {
            id: 'main',
            name: 'Main house',
            kind: 'main_house',
            areas: ['roof', 'front', 'right', 'rear', 'left'],
            slopes: [
              { direction: 'N', testSquareHits: 8 },
              { direction: 'S', testSquareHits: 11 },
            ],
          },
        ],
      },
      editedAt: new Date().toISOString(),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as InspectionSession).id;
}

/** The capture screen's camera input (capture="environment", many at once). */
const cameraInput = (page: Page) => page.locator('input[type="file"][capture="environment"]');

// ---------------------------------------------------------------------------------------------
// The network faults.

const API_PHOTOS = '**/api/inspections/**';

type Fault = 'offline' | 'abort' | 'lost-answer' | 'offline+abort';

/** The statuses the server gave to uploads whose answer the phone never got. */
const lostAnswers: number[] = [];

/** Cuts the network one way; returns the restore. */
async function cut(page: Page, context: BrowserContext, fault: Fault): Promise<() => Promise<void>> {
  // A request the page itself gave up on meanwhile (reload, the queue aborting it when offline) is
  // already handled: nothing more to do with it.
  const abort = (route: Route) => route.abort('internetdisconnected').catch(() => undefined);
  // The server gets the photo and stores it; the phone never hears back (a lost response).
  const loseAnswer = async (route: Route) => {
    if (route.request().method() !== 'PUT') return route.continue().catch(() => undefined);
    const answer = await route.fetch().catch(() => null);
    if (answer) lostAnswers.push(answer.status());
    return route.abort('connectionreset').catch(() => undefined);
  };
  switch (fault) {
    case 'offline':
      await context.setOffline(true);
      return () => context.setOffline(false);
    case 'abort':
      await page.route(API_PHOTOS, abort);
      return () => page.unroute(API_PHOTOS, abort);
    case 'lost-answer':
      await page.route(API_PHOTOS, loseAnswer);
      return () => page.unroute(API_PHOTOS, loseAnswer);
    case 'offline+abort':
      await context.setOffline(true);
      await page.route(API_PHOTOS, abort);
      return async () => {
        await page.unroute(API_PHOTOS, abort);
        await context.setOffline(false);
      };
  }
}

/** Waits until an upload is on the wire (so the next cut lands mid-upload); false when none starts in time. */
async function uploadInFlight(page: Page, timeout = 8000): Promise<boolean> {
  return page
    .waitForRequest((request) => request.method() === 'PUT' && /\/api\/inspections\/[^/]+\/photos\//.test(request.url()), { timeout })
    .then(() => true)
    .catch(() => false);
}

test('60 photos through 10 network cuts and two reloads reach the server exactly once each', async ({ page, context }) => {
  test.setTimeout(300_000);
  await signedInUser(page, 'fault-injection');
  const sessionId = await createSessionApi(page.request, '60 Hailstone Court');
  const photos = await makePhotos(60, 'fault');

  let puts = 0;
  page.on('request', (request) => {
    if (request.method() === 'PUT' && /\/api\/inspections\/[^/]+\/photos\//.test(request.url())) puts += 1;
  });
  await page.goto(`/field-inspection/${sessionId}/roof`);
  await expect(cameraInput(page)).toBeAttached();
  // The service worker controls the page, so a reload with no network still opens the app.
  await expect.poll(() => page.evaluate(`Boolean(navigator.serviceWorker.controller)`), { timeout: 15_000 }).toBe(true);

  // 10 cuts, each of a different kind in turn, some landing while an upload is on the wire; the
  // photos arrive in three batches, one of them while the network is down; two reloads.
  const plan: Array<{ fault: Fault; midUpload: boolean; holdMs: number; before?: 'batch' | 'reload'; during?: 'batch' | 'reload' }> = [
    { fault: 'offline', midUpload: true, holdMs: 1500, before: 'batch' },
    { fault: 'lost-answer', midUpload: true, holdMs: 2500 },
    { fault: 'abort', midUpload: false, holdMs: 800, during: 'batch' },
    { fault: 'offline+abort', midUpload: true, holdMs: 1200, during: 'reload' },
    { fault: 'lost-answer', midUpload: true, holdMs: 1500 },
    { fault: 'offline', midUpload: true, holdMs: 600 },
    { fault: 'abort', midUpload: true, holdMs: 1800, before: 'batch' },
    { fault: 'offline', midUpload: true, holdMs: 900 },
    { fault: 'lost-answer', midUpload: true, holdMs: 1200, before: 'reload' },
    { fault: 'offline+abort', midUpload: true, holdMs: 2000 },
  ];
  const batches = [photos.slice(0, 20), photos.slice(20, 40), photos.slice(40, 60)];
  const addBatch = async () => {
    const batch = batches.shift();
    if (batch) await cameraInput(page).setInputFiles(batch.map(({ name, mimeType, buffer }) => ({ name, mimeType, buffer })));
  };
  const reload = async () => {
    await page.reload();
    await expect(cameraInput(page)).toBeAttached();
  };
  let midUploadCuts = 0;
  for (const step of plan) {
    if (step.before === 'batch') await addBatch();
    if (step.before === 'reload') await reload();
    if (step.midUpload && (await uploadInFlight(page))) midUploadCuts += 1;
    const restore = await cut(page, context, step.fault);
    if (step.during === 'batch') await addBatch();
    if (step.during === 'reload') await reload();
    await page.waitForTimeout(step.holdMs);
    await restore();
  }
  expect(batches).toHaveLength(0);
  // Most cuts really did land with an upload on the wire.
  expect(midUploadCuts).toBeGreaterThanOrEqual(5);
  // Some photos were stored while the phone heard nothing: their retries must not store them twice.
  expect(lostAnswers.filter((status) => status === 201).length, `lost answers: ${lostAnswers.join(', ')}`).toBeGreaterThan(0);

  // Back online for good: the queue drains. Photos that used up their attempts while the API was
  // unreachable are failed; the user retries them from the panel (off the field screens, where it shows).
  await expect.poll(async () => (await serverPhotos(page.request, sessionId)).length, { timeout: 120_000, intervals: [1000] }).toBeGreaterThan(0);
  const settle = async () => {
    await expect
      .poll(async () => (await serverPhotos(page.request, sessionId)).length, { timeout: 60_000, intervals: [1000] })
      .toBe(60)
      .catch(() => undefined);
  };
  await settle();
  let retried = 'none';
  if ((await serverPhotos(page.request, sessionId)).length < 60) {
    await page.goto('/field-inspections');
    const retry = page.getByRole('button', { name: /^Retry Failed \(\d+\)$/ });
    retried = (await retry.textContent()) ?? '';
    await retry.click();
    await settle();
  }
  await expectExactly(page.request, sessionId, photos);
  test.info().annotations.push({
    type: 'faults',
    description: `${midUploadCuts} of 10 cuts mid-upload; ${puts} upload requests for 60 photos; lost answers (server status): ${lostAnswers.join(' ')}; retried from the panel: ${retried}`,
  });
});

test('a session created with no network syncs later with its photos', async ({ page, context }) => {
  test.setTimeout(180_000);
  await signedInUser(page, 'offline-session');
  const photos = await makePhotos(3, 'offline');

  // One online visit: the worker precaches the app, the offline routes among it.
  await page.goto('/field-inspection');
  await expect.poll(() => page.evaluate(`Boolean(navigator.serviceWorker.controller)`), { timeout: 15_000 }).toBe(true);

  await context.setOffline(true);
  await page.route('**/api/**', abortOffline);
  await page.goto('/field-inspection/new-offline');
  await page.getByLabel('Street').fill('12 Offline Ridge Road');
  await page.getByLabel('City').fill('Boulder');
  await page
    .getByRole('button', { name: /^(Start inspection|Save|Next)/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/field-inspection\/[0-9a-f-]{36}/);
  const sessionId = /\/field-inspection\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';

  await page.goto(`/field-inspection/${sessionId}/phase-offline/overview`);
  await cameraInput(page).setInputFiles(photos.map(({ name, mimeType, buffer }) => ({ name, mimeType, buffer })));
  // Still only on this device: the server has never heard of it.
  expect((await page.request.get(`/api/inspections/${sessionId}`)).status()).toBe(404);

  await page.unroute('**/api/**');
  await context.setOffline(false);
  await expect.poll(async () => (await page.request.get(`/api/inspections/${sessionId}`)).status(), { timeout: 30_000 }).toBe(200);
  const session = (await (await page.request.get(`/api/inspections/${sessionId}`)).json()) as InspectionSession;
  expect(session.street).toBe('12 Offline Ridge Road');
  expect(session.city).toBe('Boulder');
  await expect.poll(async () => (await serverPhotos(page.request, sessionId)).length, { timeout: 60_000 }).toBe(3);
  await expectExactly(page.request, sessionId, photos);
});
