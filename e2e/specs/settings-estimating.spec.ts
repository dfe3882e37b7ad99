import { expect, test, type Locator, type Page } from '@playwright/test';
import { collectErrors, ORIGIN_HEADERS, signedInUser } from '../support/flows';
import { createInspection, DAMAGE_PHOTO, REQUIRED_PHOTOS, uploadPhotos } from '../support/inspection-seed';
import { axeWithoutToasts } from '../support/toasts';

// The estimating settings change what the inspection screens say: a higher hail-hit threshold turns
// an inspection's 'replace' into 'repair', and a price list imported from CSV prices the next
// estimate's lines.

// The app logs this console error whenever it is not served over HTTPS, as in the e2e stack.
const NOT_HTTPS = 'console: Not served over HTTPS: sign-in cookies and claim data are not protected in transit.';
const unexpected = (errors: string[]) => errors.filter((error) => error !== NOT_HTTPS);

function figure(totals: Locator, term: string): Locator {
  return totals
    .locator('div')
    .filter({ has: totals.page().getByText(term, { exact: true }) })
    .locator('dd');
}

const recommendation = (page: Page) => page.getByRole('heading', { level: 2, name: /^Recommendation: / });
const reasons = (page: Page) => page.getByRole('list', { name: 'Reasons' }).getByRole('listitem');

test('a threshold of 12 turns the 11 hits of the N slope from replace into repair', async ({ page }) => {
  const errors = collectErrors(page);
  await signedInUser(page, 'threshold');
  const sessionId = await createInspection(page, { north: 11, south: 3 });
  await uploadPhotos(page, sessionId, [...REQUIRED_PHOTOS, DAMAGE_PHOTO]);

  await page.goto(`/field-inspection/${sessionId}/analysis`);
  await expect(recommendation(page)).toHaveText('Recommendation: Replace');

  await page.goto('/settings?section=estimating');
  await expect(page.getByRole('heading', { level: 2, name: 'Hail-hit threshold' })).toBeVisible();
  const threshold = page.getByLabel('Hits to recommend replacing');
  await expect(threshold).toHaveValue('8');
  await threshold.fill('101');
  await page.getByRole('button', { name: 'Save threshold' }).click();
  await expect(page.getByText('Enter a whole number from 1 to 100')).toBeVisible();
  await threshold.fill('12');
  await page.getByRole('button', { name: 'Save threshold' }).click();
  await expect(page.getByText('Threshold saved')).toBeVisible();
  const company = (await (await page.request.get('/api/company')).json()) as { hailHitThreshold: number };
  expect(company.hailHitThreshold).toBe(12);

  await page.goto(`/field-inspection/${sessionId}/analysis`);
  await expect(recommendation(page)).toHaveText('Recommendation: Repair');
  await expect(reasons(page)).toHaveText([
    '1 damage photo taken.',
    'Main house N slope: 11 hits, below the threshold of 12.',
    'Main house S slope: 3 hits, below the threshold of 12.',
  ]);
  await expect(page.getByText(/test square has 12 hits or more/)).toBeVisible();
  await axeWithoutToasts(page);
  expect(unexpected(errors)).toEqual([]);
});

// The measurement of the estimating story (22.36 SQ, order 24.60 SQ, ridge 40, rake 60, eave 80 LF):
// at the default $265.00 a square the line items come to $12,258.16. The imported shingle price,
// $300.00 a square: 24.60 x $300.00 = $7,380.00 instead of $6,519.00, so $13,119.16.
test('a price list imported from CSV prices the next estimate', async ({ page }) => {
  const errors = collectErrors(page);
  await signedInUser(page, 'price-list');

  await page.goto('/settings?section=estimating');
  const prices = page.getByRole('region', { name: 'Price list' });
  await expect(prices.getByRole('group', { name: 'Shingles: roof squares plus waste' }).getByLabel('Unit price ($)')).toHaveValue('265.00');
  await prices
    .getByLabel('Or paste CSV')
    .fill(
      ['code,description,unit,price', 'shingles,Architectural shingles,SQ,$300.00', 'skylight,Skylight,EA,900', ',Satellite dish detach and reset,EA,85'].join(
        '\n',
      ),
    );
  await prices.getByRole('button', { name: 'Preview import' }).click();
  const preview = prices.getByRole('region', { name: 'Import preview' });
  await expect(preview.getByRole('alert')).toContainText('Row 3: Unknown code "skylight"');
  await expect(preview.getByRole('row')).toHaveCount(3);
  await axeWithoutToasts(page);
  await preview.getByRole('button', { name: 'Save imported prices' }).click();
  await expect(page.getByText('Price list saved')).toBeVisible();
  await expect(prices.getByRole('group', { name: 'Shingles: roof squares plus waste' }).getByLabel('Unit price ($)')).toHaveValue('300.00');
  await expect(prices.getByRole('group', { name: 'Satellite dish detach and reset' })).toBeVisible();

  const sessionId = await createInspection(page, { north: 11, south: 3 });
  const measurement = await page.request.post('/api/measurements', {
    headers: ORIGIN_HEADERS,
    data: {
      sessionId,
      structures: [
        {
          structureId: 'house',
          name: 'Main house',
          facets: [
            { id: 'n', pitchRise: 6, planAreaSqFt: 1000 },
            { id: 's', pitchRise: 6, planAreaSqFt: 1000 },
          ],
          linear: { ridge: 40, rake: 60, eave: 80 },
          wastePct: 10,
          layers: 1,
          stories: 1,
        },
      ],
    },
  });
  expect(measurement.status(), await measurement.text()).toBe(201);

  await page.goto(`/field-inspection/${sessionId}/estimate`);
  await expect(page.getByRole('heading', { level: 1, name: 'Estimate' })).toBeVisible();
  const lines = page.getByRole('table', { name: 'Estimate lines' });
  await expect(lines.getByRole('row', { name: /Architectural shingles/ })).toContainText('$300.00');
  await expect(figure(page.getByLabel('Estimate totals'), 'Line items')).toHaveText('$13,119.16');
  expect(unexpected(errors)).toEqual([]);
});
