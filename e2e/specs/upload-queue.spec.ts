import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { signedInUser } from '../support/flows';
import { createSession, makePhotos, panel, PHOTO_UPLOADS, queue, seedQueue, serverPhotos, userId } from '../support/upload-queue';

// The upload queue and its panel on a phone, against the real server: photos waiting in IndexedDB
// are sent by the next visit, a server that keeps refusing them makes them fail after three attempts,
// the panel shows it (red, 'Retry Failed (n)'), keeps showing it after a reload, goes 'Offline' with
// the network, warns before signing out, and once retried every photo reaches the server exactly
// once with its SHA-256; then the panel hides with its toast.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

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
      body: JSON.stringify({
        error: { message: 'Photo storage is busy', code: 'UPSTREAM_FAILED', timestamp: new Date().toISOString(), requestId: `e2e-${refused}` },
      }),
    });
  });

  // Photos wait in the queue; the next visit (a reload, here on a field-inspection screen) sends them.
  await page.goto('/field-inspection');
  await seedQueue(page, await userId(page.request), sessionId, photos);
  await page.reload();

  // Each photo is tried three times (at once, after 1 s, after 2 s), then failed. The queue's own
  // state says when: a page left while the last answer is still being written would try that photo
  // again on the next visit.
  await expect.poll(async () => (await queue(page)).records.map((record) => record.status), { timeout: 20_000 }).toEqual(['failed', 'failed', 'failed']);
  expect(refused).toBe(9);
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
    expect(
      createHash('sha256')
        .update(await original.body())
        .digest('hex'),
    ).toBe(photo.sha256);
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
