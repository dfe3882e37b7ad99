import { createHash, randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { fieldRoutes } from '../support/field-routes';
import { ORIGIN_HEADERS, signedInUser } from '../support/flows';
import { expectNoHorizontalOverflow, PHONES } from '../support/layout';

// Every field screen on a 360 px Android and a 390 px iPhone: nothing scrolls sideways, no control
// is cut at the screen's edge or cut off inside (the capture screen's bottom bar read "Elevat" and
// lost its Next button), and the areas step names each structure once.

/** A session with two structures (the house and a garage with a long name), as a rep leaves it. */
async function seedSession(page: Page): Promise<{ sessionId: string; photoId: string }> {
  const sessionId = randomUUID();
  const created = await page.request.post('/api/inspections', {
    headers: ORIGIN_HEADERS,
    data: {
      id: sessionId,
      editedAt: new Date().toISOString(),
      fields: {
        street: '4012 Stonebridge Ranch Parkway',
        city: 'McKinney',
        state: 'TX',
        zip: '75071',
        homeownerName: 'Alexandria Montgomery-Wellington',
        carrierName: 'State Farm Fire and Casualty Company',
        claimNumber: 'CLM-2026-0001234567',
        structures: [
          {
            id: 'house',
            name: 'Main house',
            kind: 'main_house',
            areas: ['roof', 'front', 'right', 'rear', 'left', 'gutters', 'interior'],
            slopes: [
              { direction: 'NE', testSquareHits: 12 },
              { direction: 'SW', testSquareHits: null },
            ],
          },
          {
            id: 'garage',
            name: 'Detached workshop and garage',
            kind: 'detached_garage',
            areas: ['roof', 'front'],
            slopes: [{ direction: 'N', testSquareHits: 3 }],
          },
        ],
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const bytes = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 90, g: 60, b: 30 } } })
    .jpeg()
    .toBuffer();
  const photoId = randomUUID();
  const query = new URLSearchParams({
    fileName: 'front.jpg',
    sha256: createHash('sha256').update(bytes).digest('hex'),
    category: 'overview',
    subcategory: 'front_of_house',
    phase: 'overview',
  });
  const uploaded = await page.request.put(`/api/inspections/${sessionId}/photos/${photoId}?${query.toString()}`, {
    headers: { ...ORIGIN_HEADERS, 'Content-Type': 'image/jpeg' },
    data: bytes,
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  return { sessionId, photoId };
}

for (const phone of PHONES) {
  test.describe(`field screens at ${phone.width} px`, () => {
    test.use({ viewport: phone, isMobile: true, hasTouch: true });

    test('no field screen overflows the phone', async ({ page }) => {
      test.setTimeout(180_000);
      await signedInUser(page, `layout-${phone.width}`);
      const { sessionId, photoId } = await seedSession(page);
      // The hub brings the session onto the device (every session screen reads the device's copy).
      await page.goto('/field-inspection');
      await expect(page.getByRole('list', { name: 'Inspections in progress' }).getByText('4012 Stonebridge Ranch Parkway')).toBeVisible();

      for (const route of fieldRoutes(sessionId, photoId)) {
        await page.goto(route);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByText('Loading the inspection…')).toHaveCount(0);
        await page.waitForLoadState('networkidle');
        await expectNoHorizontalOverflow(page, route);
      }
    });

    test('the capture screen: its bottom bar fits, every action whole and on the screen', async ({ page }) => {
      await signedInUser(page, `capture-bar-${phone.width}`);
      const { sessionId } = await seedSession(page);
      await page.goto('/field-inspection');
      await expect(page.getByRole('list', { name: 'Inspections in progress' })).toBeVisible();
      for (const step of ['elevations', 'roof', 'collateral', 'elevation/front']) {
        await page.goto(`/field-inspection/${sessionId}/${step}`);
        await expect(page.getByTestId('capture-button')).toBeVisible();
        const bar = [
          ['previous step', page.getByRole('link', { name: /^Previous: / })],
          ['next step', page.getByRole('link', { name: /^Next: / })],
          ['From library', page.getByRole('button', { name: 'From library' })],
          ['Take photo', page.getByTestId('capture-button')],
        ] as const;
        for (const [what, control] of bar) {
          await expect(control, `${step}: ${what}`).toBeVisible();
          const box = await control.boundingBox();
          expect(box !== null && box.x >= 0 && box.x + box.width <= phone.width, `${step}: ${what} within the screen`).toBe(true);
        }
        // The step names read whole: "Elevations", not "Elevat".
        await expect(page.getByRole('link', { name: /^Previous: / })).toHaveText(/^Previous: \S.*$/);
        await expectNoHorizontalOverflow(page, step);
      }
      await page.goto(`/field-inspection/${sessionId}/roof`);
      await expect(page.getByRole('link', { name: 'Previous: Elevations' })).toContainText('Elevations');
      // The walk is the areas chosen: the house's gutters make Collateral the step after the roof.
      await expect(page.getByRole('link', { name: 'Next: Collateral' })).toContainText('Collateral');
    });

    test('the areas step names each structure once', async ({ page }) => {
      await signedInUser(page, `areas-${phone.width}`);
      const { sessionId } = await seedSession(page);
      await page.goto('/field-inspection');
      await expect(page.getByRole('list', { name: 'Inspections in progress' })).toBeVisible();
      await page.goto(`/field-inspection/${sessionId}/areas`);
      const house = page.getByRole('region', { name: 'Main house' });
      await expect(house).toBeVisible();
      await expect(house.getByText('Main house', { exact: true })).toHaveCount(1);
      const garage = page.getByRole('region', { name: 'Detached workshop and garage' });
      await expect(garage.getByText('Detached garage', { exact: true })).toHaveCount(1);
    });
  });
}
