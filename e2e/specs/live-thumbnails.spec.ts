import { createHash, randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { ORIGIN_HEADERS, signedInUser } from '../support/flows';

// A claim file's Photos tab left open while a photo of the claim file is uploaded elsewhere (another
// device of the company, here the API): when the server has made its thumbnails it says so over the
// realtime socket, and the open gallery shows the photo by its thumbnail, without a reload.

async function jpeg(r: number, g: number, b: number): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: { r, g, b } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

async function created(page: Page, path: string, data: Record<string, unknown>): Promise<string> {
  const response = await page.request.post(path, { headers: ORIGIN_HEADERS, data });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function upload(page: Page, sessionId: string, body: Buffer): Promise<string> {
  const id = randomUUID();
  const query = new URLSearchParams({ fileName: 'ridge.jpg', category: 'roof', phase: 'roof', sha256: createHash('sha256').update(body).digest('hex') });
  const response = await page.request.put(`/api/inspections/${sessionId}/photos/${id}?${query.toString()}`, {
    headers: { ...ORIGIN_HEADERS, 'Content-Type': 'image/jpeg' },
    data: body,
  });
  expect(response.status(), await response.text()).toBe(201);
  return id;
}

test('an open gallery shows a photo uploaded elsewhere by its thumbnail once the server has made it', async ({ page }) => {
  await signedInUser(page, 'gallery');
  const projectId = await created(page, '/api/projects', {
    title: 'Hail claim, Oak Street',
    homeownerName: 'Lee Park',
    street: '4 Oak Street',
    city: 'Tulsa',
    state: 'OK',
    zip: '74103',
  });
  const sessionId = randomUUID();
  const structures = [{ id: 'house', name: 'Main house', kind: 'main_house', areas: ['roof'], slopes: [{ direction: 'N', testSquareHits: null }] }];
  await created(page, '/api/inspections', { id: sessionId, projectId, editedAt: new Date().toISOString(), fields: { structures } });
  const first = await upload(page, sessionId, await jpeg(200, 60, 60));

  await page.goto(`/projects/${projectId}`);
  await page.getByRole('tab', { name: 'Photos' }).click();
  const gallery = page.getByRole('list', { name: 'Photos' });
  await expect(gallery.getByRole('listitem')).toHaveCount(1);
  await expect(gallery.locator(`[data-photo="${first}"] img`)).toHaveAttribute('src', /_thumb_small\.jpg/);

  // Uploaded while the tab stays open: no reload, no navigation.
  const second = await upload(page, sessionId, await jpeg(60, 60, 200));
  await expect(gallery.getByRole('listitem')).toHaveCount(2, { timeout: 15_000 });
  await expect(gallery.locator(`[data-photo="${second}"] img`)).toHaveAttribute('src', /_thumb_small\.jpg/);
});
