import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { PhotoList } from '@ridgeline/shared/contracts/photos';
import { ORIGIN_HEADERS, signedInUser } from '../support/flows';
import { expectNoHorizontalOverflow, PHONES } from '../support/layout';

// Issue 36 §1 on a phone (decision 039): a photo picked "From library" whose camera metadata says
// 2008-10-22 at 43.46 N, 11.88 E shows that time, never the upload's, with the flags an adjuster would
// raise (taken before the date of loss, thousands of miles from the property), on the capture screen
// and in the gallery; a library photo without camera metadata says so and borrows nothing. The phone
// stands at the property (Edmond, Oklahoma) the whole time.

const PROPERTY = { latitude: 35.6528, longitude: -97.4781 };

let shade = 0;
async function jpeg(exif?: Record<string, Record<string, string>>): Promise<Buffer> {
  shade += 41;
  const image = sharp({ create: { width: 640, height: 480, channels: 3, background: { r: shade % 256, g: (shade * 3) % 256, b: 120 } } });
  return (exif ? image.withExif(exif) : image).jpeg().toBuffer();
}

const OLD_STORM = {
  IFD0: { Make: 'Canon', Model: 'Canon EOS 40D' },
  IFD2: { DateTimeOriginal: '2008:10:22 16:29:49', OffsetTimeOriginal: '+02:00' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '43/1 27/1 3600/100', GPSLongitudeRef: 'E', GPSLongitude: '11/1 52/1 4800/100' },
};

async function createSession(page: Page): Promise<string> {
  const id = randomUUID();
  const response = await page.request.post('/api/inspections', {
    headers: ORIGIN_HEADERS,
    data: {
      id,
      editedAt: new Date().toISOString(),
      fields: {
        street: '9 Hail Court',
        homeownerName: 'Lee Storm',
        dateOfLoss: '2026-11-14',
        latitude: PROPERTY.latitude,
        longitude: PROPERTY.longitude,
        structures: [{ id: 'house', name: 'Main house', kind: 'main_house', areas: ['roof'], slopes: [{ direction: 'N', testSquareHits: 7 }] }],
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return id;
}

for (const phone of PHONES) {
  test.describe(`at ${phone.width} px`, () => {
    test.use({ viewport: phone, isMobile: true, hasTouch: true, geolocation: PROPERTY, permissions: ['geolocation'] });

    test("a library photo shows its camera's time and the flags, never the upload's time or the phone's place", async ({ page }) => {
      test.setTimeout(120_000);
      await signedInUser(page, `provenance-${phone.width}`);
      const sessionId = await createSession(page);
      await page.goto('/field-inspection');
      await expect(page.getByRole('list', { name: 'Inspections in progress' }).getByText('9 Hail Court')).toBeVisible({ timeout: 30_000 });
      await page.goto(`/field-inspection/${sessionId}/overview`);
      await expect(page.getByRole('heading', { level: 1, name: 'Overview photos' })).toBeVisible();

      await page.getByTestId('library-input').setInputFiles({ name: 'IMG_2008.jpg', mimeType: 'image/jpeg', buffer: await jpeg(OLD_STORM) });
      const phase = page.getByRole('region', { name: 'Photos in this phase' });
      const old = phase.locator('[data-photo]').first();
      await expect(old.locator('[data-taken]')).toHaveText(/^Taken Oct 22, 2008/, { timeout: 30_000 });
      const flags = old.getByRole('list', { name: 'Provenance flags' });
      await expect(flags.getByText('Taken Oct 22, 2008, before the date of loss (Nov 14, 2026)')).toBeVisible();
      await expect(flags.getByText(/^Taken 5,\d{3} miles from the property$/)).toBeVisible();

      // A library photo without camera metadata: when it was added, and that the file has no camera time.
      await page.getByTestId('library-input').setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: await jpeg() });
      await expect(phase.locator('[data-photo]')).toHaveCount(2, { timeout: 30_000 });
      await expect(phase.locator('[data-taken]', { hasText: /^Added .+; the file has no camera time$/ })).toBeVisible({ timeout: 30_000 });
      await expectNoHorizontalOverflow(page);

      // What the server holds: the camera's time and place; the phone's position only as where it was at upload.
      const photos = ((await (await page.request.get(`/api/inspections/${sessionId}/photos`)).json()) as PhotoList).photos;
      const stored = photos.find((p) => p.fileName === 'IMG_2008.jpg');
      expect(stored).toMatchObject({ capturedAt: '2008-10-22T14:29:49.000Z', capturedAtSource: 'exif', gpsSource: 'exif', origin: 'library' });
      expect(stored?.deviceGps?.lat).toBeCloseTo(PROPERTY.latitude, 4);
      const bare = photos.find((p) => p.fileName === 'IMG_0001.jpg');
      expect(bare).toMatchObject({ capturedAt: null, gps: null, origin: 'library', flags: [] });

      // The gallery of the inspection says the same.
      await page.goto(`/field-inspection/${sessionId}`);
      const tile = page.locator('li', { has: page.locator(`[data-photo="${stored?.id ?? ''}"]`) });
      await expect(tile.locator('[data-taken]')).toHaveText(/^Taken Oct 22, 2008/);
      await expect(tile.getByRole('list', { name: 'Provenance flags' }).getByText('Taken Oct 22, 2008, before the date of loss (Nov 14, 2026)')).toBeVisible();
      await expect(page.locator('[data-taken]', { hasText: /the file has no camera time$/ })).toBeVisible();
      await expectNoHorizontalOverflow(page);
    });
  });
}
