import { createHash, randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { InspectionSession } from '@ridgeline/shared/contracts/inspections';
import type { PhotoList } from '@ridgeline/shared/contracts/photos';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { ORIGIN_HEADERS, signedInUser } from '../support/flows';

// The upload queue and its panel on a phone, against the real server: photos waiting in IndexedDB
// are sent by the next visit, a server that keeps refusing them makes them fail after three attempts,
// the panel shows it (red, 'Retry Failed (n)'), keeps showing it after a reload, goes 'Offline' with
// the network, warns before signing out, and once retried every photo reaches the server exactly
// once with its SHA-256; then the panel hides with its toast.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

type TestPhoto = { name: string; mimeType: 'image/jpeg'; buffer: Buffer; sha256: string };

async function makePhotos(count: number): Promise<TestPhoto[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const buffer = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 40 + index * 60, g: 90, b: 140 } } })
        .jpeg({ quality: 80 })
        .toBuffer();
      return { name: `queue-${index + 1}.jpg`, mimeType: 'image/jpeg' as const, buffer, sha256: createHash('sha256').update(buffer).digest('hex') };
    }),
  );
}

async function createSession(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/inspections', {
    headers: ORIGIN_HEADERS,
    data: {
      id: randomUUID(),
      fields: { street: '8 Upload Lane', city: 'Denver', state: 'CO', zip: '80202', structures: [{ id: 'main', name: 'Main house', kind: 'main_house', areas: ['roof'], slopes: [] }] },
      editedAt: new Date().toISOString(),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as InspectionSession).id;
}

async function serverPhotos(request: APIRequestContext, sessionId: string): Promise<PhotoList['photos']> {
  const response = await request.get(`/api/inspections/${sessionId}/photos`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as PhotoList).photos;
}


/** The signed-in user's id, as the session says. */
async function userId(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/auth/get-session');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { user: { id: string } }).user.id;
}

/**
 * Puts photos in the page's upload queue (IndexedDB 'ridgeline-uploads') as a capture screen would
 * have left them: pending, with their bytes, SHA-256 and metadata. The queue reads them on the next
 * visit, which is what the test then makes (a reload). (The capture screens are built in parallel;
 * this keeps the test to the queue and its panel.)
 */
async function seedQueue(page: Page, owner: string, sessionId: string, photos: TestPhoto[]): Promise<void> {
  const items = photos.map((photo, index) => ({
    id: randomUUID(),
    fileName: photo.name,
    sha256: photo.sha256,
    base64: photo.buffer.toString('base64'),
    timestamp: Date.now() - index * 1000,
  }));
  const record = (item: (typeof items)[number]) => ({
    id: item.id,
    userId: owner,
    sessionId,
    mimeType: 'image/jpeg',
    fileName: item.fileName,
    sha256: item.sha256,
    priority: 1,
    status: 'pending',
    progress: 0,
    retryCount: 0,
    lastAttempt: null,
    retryAt: 0,
    uploadedPath: null,
    completedAt: null,
    error: null,
    metadata: { category: 'roof', subcategory: null, phase: 'roof', photoType: null, notes: null, structureId: null, gpsCoords: null, timestamp: item.timestamp },
    createdAt: Date.now(),
  });
  const rows = items.map((item) => ({ record: record(item), base64: item.base64 }));
  // The page's scripts are strings: this workspace is typed for Node, not the DOM.
  await page.evaluate(`(async (rows) => {
    // The queue's schema as Dexie makes it (its version 1 is IndexedDB's 10), for a device whose
    // queue was never opened before.
    const db = await new Promise((resolve, reject) => {
      const open = indexedDB.open('ridgeline-uploads', 10);
      open.onupgradeneeded = () => {
        const photos = open.result.createObjectStore('photos', { keyPath: 'id' });
        photos.createIndex('status', 'status');
        photos.createIndex('[userId+status]', ['userId', 'status']);
        photos.createIndex('[userId+sessionId]', ['userId', 'sessionId']);
        open.result.createObjectStore('files', { keyPath: 'id' });
      };
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const tx = db.transaction(['photos', 'files'], 'readwrite');
    for (const row of rows) {
      const bytes = Uint8Array.from(atob(row.base64), (c) => c.charCodeAt(0)).buffer;
      tx.objectStore('files').put({ id: row.record.id, bytes, mimeType: 'image/jpeg' });
      tx.objectStore('photos').put(row.record);
    }
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  })(${JSON.stringify(rows)})`);
}

const PHOTO_UPLOADS = /\/api\/inspections\/[^/]+\/photos\/[^/?]+/;
const panel = (page: Page) => page.getByTestId('upload-panel');

test('the upload panel follows the queue: failures, offline, reload, sign-out warning, retry, done', async ({ page, context }) => {
  test.setTimeout(120_000);
  await signedInUser(page, 'upload-queue');
  const sessionId = await createSession(page.request);
  const photos = await makePhotos(3);

  // The server is up but refuses every upload for now (as a failing storage service would: 502).
  let refused = 0;
  await page.route(PHOTO_UPLOADS, async (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    refused += 1;
    return route.fulfill({
      status: 502,
      contentType: 'application/json',
      body: JSON.stringify({ error: { message: 'Photo storage is busy', code: 'UPSTREAM_FAILED', timestamp: new Date().toISOString(), requestId: `e2e-${refused}` } }),
    });
  });

  // Photos wait in the queue; the next visit (a reload, here on a field-inspection screen) sends them.
  await page.goto('/field-inspection');
  await seedQueue(page, await userId(page.request), sessionId, photos);
  await page.reload();

  // Each photo is tried three times (at once, after 1 s, after 2 s), then failed.
  await expect.poll(() => refused, { timeout: 20_000 }).toBe(9);
  // The panel is not shown on the field-inspection screens.
  await expect(panel(page)).toHaveCount(0);

  await page.goto('/field-inspections');
  await expect(panel(page)).toBeVisible();
  await expect(panel(page).getByRole('heading', { name: 'Photo Uploads' })).toBeVisible();
  await expect(panel(page).getByRole('status')).toHaveText('0 of 3 uploaded');
  await expect(panel(page).getByText('3 failed', { exact: true })).toBeVisible();
  await expect(panel(page).getByRole('progressbar', { name: 'Photos uploaded' })).toHaveAttribute('aria-valuenow', '0');
  await expect(panel(page)).toHaveClass(/border-red-600/);
  await expect(panel(page).getByRole('button', { name: 'Retry Failed (3)' })).toBeEnabled();
  expect(refused).toBe(9);

  // Nothing is lost to a reload: the failed photos are still there.
  await page.reload();
  await expect(panel(page).getByRole('button', { name: 'Retry Failed (3)' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Offline: the badge, the note, and Retry Failed disabled.
  await context.setOffline(true);
  await expect(panel(page).getByText('Offline', { exact: true })).toBeVisible();
  await expect(panel(page).getByText('Uploads will resume when online')).toBeVisible();
  await expect(panel(page).getByRole('button', { name: 'Retry Failed (3)' })).toBeDisabled();
  await context.setOffline(false);
  await expect(panel(page).getByRole('button', { name: 'Retry Failed (3)' })).toBeEnabled();

  // Signing out with photos waiting asks first; staying keeps everything.
  await page.getByRole('button', { name: 'Open the user menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  const warning = page.getByRole('dialog', { name: 'Photos still waiting to upload' });
  await expect(warning).toContainText('3 photos are still waiting to upload.');
  await expect(warning).toContainText('They stay on this device and upload after you sign in again with this account.');
  await expectNoSeriousA11yViolations(page);
  await warning.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(warning).toHaveCount(0);
  await expect(page).toHaveURL(/\/field-inspections$/);

  // The server takes uploads again; Retry Failed sends them.
  await page.unroute(PHOTO_UPLOADS);
  await panel(page).getByRole('button', { name: 'Retry Failed (3)' }).click();
  await expect(page.getByText('Retrying failed uploads...')).toBeVisible();
  await expect(page.getByText('All uploads completed successfully!')).toBeVisible({ timeout: 30_000 });
  await expect(panel(page)).toHaveCount(0);

  // Exactly the three photos, once each, with the bytes the phone hashed.
  const stored = await serverPhotos(page.request, sessionId);
  expect(stored).toHaveLength(3);
  expect(new Set(stored.map((p) => p.sha256))).toEqual(new Set(photos.map((p) => p.sha256)));
  for (const photo of stored) {
    const original = await page.request.get(photo.url);
    expect(original.status()).toBe(200);
    expect(createHash('sha256').update(await original.body()).digest('hex')).toBe(photo.sha256);
  }

  // Signing out now asks nothing (everything is uploaded).
  await page.getByRole('button', { name: 'Open the user menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth/);
});

test('the panel shows progress while uploading and is hidden on the dashboard', async ({ page }) => {
  test.setTimeout(90_000);
  await signedInUser(page, 'upload-progress');
  const sessionId = await createSession(page.request);
  const photos = await makePhotos(2);

  // Uploads wait at the door until the test lets them through.
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(PHOTO_UPLOADS, async (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    await gate;
    return route.continue();
  });

  await page.goto('/projects');
  await seedQueue(page, await userId(page.request), sessionId, photos);
  await page.reload();
  await expect(panel(page).getByRole('status')).toHaveText('0 of 2 uploaded (2 uploading...)');
  await expect(panel(page).getByText('2 uploading', { exact: true })).toBeVisible();
  await expect(panel(page)).toHaveClass(/border-blue-600/);
  // Collapse hides the actions; the counts stay.
  await panel(page).getByRole('button', { name: 'Collapse photo uploads' }).click();
  await expect(panel(page).getByRole('button', { name: 'Expand photo uploads' })).toHaveAttribute('aria-expanded', 'false');

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(panel(page)).toHaveCount(0);

  await page.goto('/projects');
  await expect(panel(page)).toBeVisible();
  release();
  await expect(page.getByText('All uploads completed successfully!')).toBeVisible({ timeout: 30_000 });
  await expect(panel(page)).toHaveCount(0);
  expect(await serverPhotos(page.request, sessionId)).toHaveLength(2);
});
