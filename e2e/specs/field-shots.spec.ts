import { createHash, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { PhotoList } from '@ridgeline/shared/contracts/photos';
import { ORIGIN_HEADERS, signedInUser, signInApi } from '../support/flows';
import { PHONES } from '../support/layout';

// The shot list on a phone says exactly what the server holds: a library photo picked again for a
// second shot is refused when it is picked ("This photo is already used for Front of house"), and a
// photo the server refuses (another device sent the same file) is said at once and not counted; the
// capture screen, the overview, the analysis and the office agree, after a reload too. After a capture
// the next missing shot is chosen and the capture button names it. A HEIC photo the phone cannot
// draw shows a placeholder with its shot's name, never a broken image. A photo cut short is refused
// with words a rep understands, and the photos picked with it go on.

const HEIC = new URL('../../apps/server/src/test/fixtures/photo-320x240.heic', import.meta.url);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let shade = 0;
async function jpeg(): Promise<Buffer> {
  shade += 37;
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: shade % 256, g: (shade * 3) % 256, b: (shade * 7) % 256 } } })
    .jpeg()
    .toBuffer();
}

async function createSession(page: Page): Promise<string> {
  const id = randomUUID();
  const response = await page.request.post('/api/inspections', {
    headers: ORIGIN_HEADERS,
    data: {
      id,
      editedAt: new Date().toISOString(),
      fields: {
        street: '31 Shot List Lane',
        homeownerName: 'Dee Tail',
        structures: [{ id: 'house', name: 'Main house', kind: 'main_house', areas: ['roof'], slopes: [{ direction: 'N', testSquareHits: 7 }] }],
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return id;
}

/** Opens the hub (the session comes onto the device), then the session's overview capture screen. */
async function openOverviewCapture(page: Page, sessionId: string, offline = false): Promise<void> {
  await page.goto('/field-inspection');
  await expect(page.getByRole('list', { name: 'Inspections in progress' }).getByText('31 Shot List Lane')).toBeVisible();
  await page.goto(`/field-inspection/${sessionId}/${offline ? 'phase-offline/' : ''}overview`);
  await expect(page.getByRole('heading', { level: 1, name: 'Overview photos' })).toBeVisible();
}

const shot = (page: Page, name: RegExp) => page.getByRole('list', { name: 'Shot list' }).getByRole('button', { name });
const file = (name: string, buffer: Buffer, mimeType = 'image/jpeg') => ({ name, mimeType, buffer });

async function serverPhotos(page: Page, sessionId: string): Promise<PhotoList['photos']> {
  return ((await (await page.request.get(`/api/inspections/${sessionId}/photos`)).json()) as PhotoList).photos;
}

for (const phone of PHONES) {
  test.describe(`at ${phone.width} px`, () => {
    test.use({ viewport: phone, isMobile: true, hasTouch: true });

    test('the same library photo for a second shot is refused when picked, and every screen counts what the server holds', async ({ page, browser }) => {
      test.setTimeout(120_000);
      const user = await signedInUser(page, `same-photo-${phone.width}`);
      const sessionId = await createSession(page);
      await openOverviewCapture(page, sessionId);
      await expect(shot(page, /^Front of house/)).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByTestId('capture-button')).toContainText('Front of house');

      const front = await jpeg();
      await page.getByTestId('camera-input').setInputFiles(file('front.jpg', front));
      await expect(shot(page, /^Front of house/)).toHaveAttribute('data-captured', 'true');
      // The list moves on: the capture button names the shot it fills now.
      await expect(shot(page, /^Address/)).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByTestId('capture-button')).toContainText('Address');

      // The same photo from the library, for the address: refused at once, naming its shot.
      await page.getByTestId('library-input').setInputFiles(file('IMG_0042.jpg', front));
      await expect(page.getByText('This photo is already used for Front of house.').first()).toBeVisible();
      await expect(shot(page, /^Address/)).toHaveAttribute('data-captured', 'false');
      await expect(page.getByTestId('required-progress')).toHaveText('1 of 2 required shots captured');
      await expect(page.getByTestId('session-upload-progress')).toContainText('1 of 1 uploaded', { timeout: 30_000 });
      expect((await serverPhotos(page, sessionId)).map((p) => [p.sha256, p.subcategory])).toEqual([[sha256(front), 'front_of_house']]);

      // After a reload, on the overview and in the analysis: the same count.
      await page.reload();
      await expect(page.getByTestId('required-progress')).toHaveText('1 of 2 required shots captured');
      await page.goto(`/field-inspection/${sessionId}`);
      await expect(page.getByRole('link', { name: 'Overview photos', exact: true })).toHaveAccessibleDescription('To do: 1 of 2 required shots · 1 photo');
      await page.goto(`/field-inspection/${sessionId}/analysis`);
      await expect(page.getByRole('region', { name: 'Missing required shots' }).getByRole('link', { name: 'Overview photos: Address' })).toBeVisible();

      // The office, on another computer with nothing queued: the same.
      const office = await browser.newContext();
      const officePage = await office.newPage();
      await signInApi(officePage.request, user.email, user.password);
      await openOverviewCapture(officePage, sessionId);
      await expect(officePage.getByTestId('required-progress')).toHaveText('1 of 2 required shots captured');
      await expect(shot(officePage, /^Address/)).toHaveAttribute('data-captured', 'false');
      await office.close();
    });

    test('a photo the server refuses for its shot is said at once, not counted, and can be removed', async ({ page }) => {
      test.setTimeout(90_000);
      await signedInUser(page, `refused-${phone.width}`);
      const sessionId = await createSession(page);
      // The phone's offline capture screen reads only the device: it does not know what the office sent.
      await openOverviewCapture(page, sessionId, true);
      const shared = await jpeg();
      const query = new URLSearchParams({
        fileName: 'front.jpg',
        sha256: sha256(shared),
        category: 'overview',
        subcategory: 'front_of_house',
        phase: 'overview',
      });
      const sent = await page.request.put(`/api/inspections/${sessionId}/photos/${randomUUID()}?${query.toString()}`, {
        headers: { ...ORIGIN_HEADERS, 'Content-Type': 'image/jpeg' },
        data: shared,
      });
      expect(sent.status(), await sent.text()).toBe(201);

      const chooser = page.waitForEvent('filechooser');
      await shot(page, /^Address/).click();
      await (await chooser).setFiles(file('address.jpg', shared));
      await expect(page.getByText('Failed to upload photo: This photo is already used for Front of house.').first()).toBeVisible({ timeout: 30_000 });
      await expect(shot(page, /^Address/)).toHaveAttribute('data-captured', 'false');
      const thumb = page.locator('[data-queued-photo][data-status="failed"]');
      await expect(thumb).toContainText('This photo is already used for Front of house.');
      await thumb.getByRole('button', { name: /^Remove/ }).click();
      await expect(page.locator('[data-queued-photo]')).toHaveCount(0);
      expect((await serverPhotos(page, sessionId)).map((p) => p.subcategory)).toEqual(['front_of_house']);
    });

    test('a photo cut short is refused in words a rep understands, and the whole photos picked with it upload', async ({ page }) => {
      test.setTimeout(90_000);
      await signedInUser(page, `cut-short-${phone.width}`);
      const sessionId = await createSession(page);
      await openOverviewCapture(page, sessionId);
      const noisy = await sharp({
        create: { width: 640, height: 480, channels: 3, background: { r: 0, g: 0, b: 0 }, noise: { type: 'gaussian', mean: 128, sigma: 50 } },
      })
        .jpeg()
        .toBuffer();
      const first = await jpeg();
      const last = await jpeg();
      await page
        .getByTestId('library-input')
        .setInputFiles([file('IMG_0101.jpg', first), file('IMG_0102.jpg', noisy.subarray(0, 20_000)), file('IMG_0103.jpg', last)]);
      await expect(
        page.getByText('Failed to upload photo: This photo could not be read: the file is damaged or was not saved completely.', { exact: false }).first(),
      ).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('[data-queued-photo][data-status="failed"]')).toHaveCount(1);
      await expect
        .poll(async () => (await serverPhotos(page, sessionId)).map((p) => p.sha256).sort(), { timeout: 30_000 })
        .toEqual([sha256(first), sha256(last)].sort());
    });

    test('three quick shots fill three shots, and a HEIC photo shows a placeholder naming its shot, never a broken image', async ({ page }) => {
      test.setTimeout(90_000);
      await signedInUser(page, `quick-${phone.width}`);
      const sessionId = await createSession(page);
      await openOverviewCapture(page, sessionId);
      // The uploads wait while the phone's own view is checked: once the server holds the HEIC photo
      // and has made its thumbnail, the thumbnail replaces the placeholder (checked after).
      let release = (): void => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.context().route(/\/api\/inspections\/[^/]+\/photos\/[^/?]+\?/, async (route) => {
        if (route.request().method() !== 'PUT') return route.fallback();
        await held;
        return route.fallback();
      });
      const heic = await readFile(HEIC);
      await page.getByTestId('camera-input').setInputFiles(file('IMG_0001.HEIC', heic, 'image/heic'));
      await expect(page.getByTestId('capture-button')).toContainText('Address');
      await page.getByTestId('camera-input').setInputFiles(file('two.jpg', await jpeg()));
      await expect(page.getByTestId('capture-button')).toContainText('Street');
      await page.getByTestId('camera-input').setInputFiles(file('three.jpg', await jpeg()));
      for (const name of [/^Front of house/, /^Address/, /^Street/]) await expect(shot(page, name)).toContainText('Captured (1 photo)');
      await expect(page.getByTestId('required-progress')).toHaveText('2 of 2 required shots captured');

      const placeholder = page.getByRole('img', { name: 'Overview · Front of house: HEIC photo, no preview on this phone yet' });
      await expect(placeholder).toBeVisible();
      await expect(placeholder).toContainText('Overview · Front of house');
      // Every image drawn in the phase's photos is a real one.
      const photos = page.getByRole('region', { name: 'Photos in this phase' });
      await expect(photos.locator('img')).toHaveCount(2);
      const allDrawn = () =>
        photos.locator('img').evaluateAll((images) => images.every((img) => (img as unknown as { naturalWidth: number }).naturalWidth > 0));
      await expect.poll(allDrawn).toBe(true);

      release();
      await expect.poll(async () => (await serverPhotos(page, sessionId)).length, { timeout: 30_000 }).toBe(3);
      // The server's thumbnail of the HEIC photo takes the placeholder's place: three real images.
      await expect(placeholder).toHaveCount(0, { timeout: 30_000 });
      await expect(photos.locator('img')).toHaveCount(3);
      await expect.poll(allDrawn).toBe(true);
    });
  });
}
