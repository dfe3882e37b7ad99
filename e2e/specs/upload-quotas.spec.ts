import { expect, test } from '@playwright/test';
import { signedInUser } from '../support/flows';
import { useUploadQuota } from '../support/mail';
import { createSession, makePhotos, panel, PHOTO_UPLOADS, queue, seedQueue, serverPhotos, userId } from '../support/upload-queue';

// The photo queue on a phone against the real server's upload quotas, in the real browser (which
// must read an answer the server gives before it reads the body): a company whose storage is full
// fails each photo once, with the server's words, and keeps it on the phone until Retry Failed; a
// user whose hour of uploads is used sends each photo once and then waits, counting no attempt.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test("a full company and a used hour: the photos stay on the phone with the server's words, sent once each", async ({ page }) => {
  test.setTimeout(120_000);
  const owner = await signedInUser(page, 'upload-quota');
  const sessionId = await createSession(page.request);
  let sent = 0;
  page.on('request', (request) => {
    if (request.method() === 'PUT' && PHOTO_UPLOADS.test(request.url())) sent += 1;
  });

  // The company's storage is full: each photo is refused once, 413, and fails with the server's words.
  await useUploadQuota(owner.email, 'storage');
  await page.goto('/field-inspections');
  await seedQueue(page, await userId(page.request), sessionId, await makePhotos(2));
  await page.reload();
  await expect(panel(page).getByText('2 failed', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(panel(page).getByRole('button', { name: 'Retry Failed (2)' })).toBeVisible();
  const full = await queue(page);
  expect(full.files).toBe(2);
  for (const record of full.records) {
    expect(record).toMatchObject({ status: 'failed', retryCount: 1 });
    expect(record.error).toBe(
      "Failed to upload photo: Your company's storage is full: it keeps at most 500 GB of files and photos. Delete what it no longer needs to make room for this upload.",
    );
  }
  await page.waitForTimeout(4000);
  expect(sent).toBe(2);

  // Room again: Retry Failed sends them, once each.
  await useUploadQuota(owner.email, 'none');
  await panel(page).getByRole('button', { name: 'Retry Failed (2)' }).click();
  await expect(page.getByText('All uploads completed successfully!')).toBeVisible({ timeout: 30_000 });
  expect(await serverPhotos(page.request, sessionId)).toHaveLength(2);
  expect(sent).toBe(4);

  // The user's hour is used: each photo in flight is answered 429 once, then the queue waits.
  await useUploadQuota(owner.email, 'hour');
  await seedQueue(page, await userId(page.request), sessionId, await makePhotos(3, 2));
  await page.reload();
  await expect.poll(async () => (await queue(page)).records.filter((record) => record.waitReason).length, { timeout: 20_000 }).toBe(3);
  const waiting = (await queue(page)).records.filter((record) => record.status !== 'completed');
  expect(waiting).toHaveLength(3);
  for (const record of waiting) {
    expect(record).toMatchObject({ status: 'pending', retryCount: 0, error: null });
    expect(record.waitReason).toMatch(/^Your uploads this hour have reached the limit of 5 GB per person\. Uploads can continue in (59|60) minutes\.$/);
  }
  await expect(panel(page).getByText('3 pending', { exact: true })).toBeVisible();
  await page.waitForTimeout(5000);
  expect(sent).toBe(7);
  expect(await serverPhotos(page.request, sessionId)).toHaveLength(2);
});
