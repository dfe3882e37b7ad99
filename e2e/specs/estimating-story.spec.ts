import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Estimate, Measurement } from '@ridgeline/shared/contracts/estimating';
import { collectErrors, signedInUser } from '../support/flows';
import { createInspection, REQUIRED_PHOTOS, uploadPhotos, type SeededPhoto } from '../support/inspection-seed';
import { axeWithoutToasts, toastsGone } from '../support/toasts';

/** A dented gutter of the house, photographed in the collateral step. */
const GUTTER_PHOTO: SeededPhoto = { category: 'collateral', subcategory: 'gutter', phase: 'collateral' };

// From roof to claim file: an inspection whose photos are all uploaded (and a dented gutter
// photographed) and whose test squares are counted (N = 11, S = 3) is measured, analysed (replace,
// because of the N slope's 11 hits at the default threshold of 8), estimated (totals as computed by
// hand below; no overhead or profit line while O&P is off) and converted into a new claim file, whose
// Photos, Measurements and Estimates tabs then hold the same photos, the measurement and the
// estimate. Converting again opens the same claim file. On a desktop screen and on a phone.

// The measurement: two 6/12 facets of 1,000 sq ft on plan each, ridge 40, rake 60, eave 80 LF,
// 10% waste, 1 layer, 1 story, 3 pipe jacks and 4 roof vents. Each facet 1,000 x 1.118034 = 1,118.03
// sq ft; the roof 2,236.07 sq ft = 22.36 SQ; order 22.36068 x 1.1 = 24.60 SQ. The estimate from the
// default price list:
//   shingles w/out felt 24.60 SQ x $265.00 = $6,519.00
//   starter       140 LF   x   $2.25 =   $315.00   (eave 80 + rake 60)
//   drip edge     140 LF   x   $3.10 =   $434.00   (eave 80 + rake 60)
//   ridge cap      40 LF   x   $5.95 =   $238.00   (ridge 40 + hip 0)
//   ice & water  4.80 SQ   x $175.00 =   $840.00   (eave 80 LF x 6 ft / 100: a company with no state keeps the eaves)
//   underlayment 17.56 SQ  x  $42.00 =   $737.52   (felt on its own line, not under the ice barrier)
//   pipe jacks      3 EA   x  $58.00 =   $174.00
//   roof vents      4 EA   x  $72.50 =   $290.00
//   tear-off     22.36 SQ  x  $74.00 = $1,654.64   (22.36 SQ x 1 layer)
//   dumpster        2 EA   x $585.00 = $1,170.00   (22.36 SQ / 20 SQ a load = 1.118, rounded up)
//   permit          1 EA   x $350.00 =   $350.00
//   gutters        80 LF   x  $11.25 =   $900.00   (the eave, where the gutter photo shows damage)
//   line items                        $13,622.16
// O&P on: 10% overhead $1,362.22 (1,362.216 rounded) + 10% profit $1,362.22 = RCV $16,346.60; no
// depreciation, so ACV $16,346.60.

// The app logs this console error whenever it is not served over HTTPS, as in the e2e stack.
const NOT_HTTPS = 'console: Not served over HTTPS: sign-in cookies and claim data are not protected in transit.';
const unexpected = (errors: string[]) => errors.filter((error) => error !== NOT_HTTPS);

/** The figure shown under `term` in a totals list. */
function figure(totals: Locator, term: string): Locator {
  return totals
    .locator('div')
    .filter({ has: totals.page().getByText(term, { exact: true }) })
    .locator('dd');
}

/** A step of the overview's progress list (the app's menu also has a Measurements link). */
const step = (page: Page, name: string) => page.getByRole('region', { name: 'Progress' }).getByRole('link', { name, exact: true });

async function toOverview(page: Page) {
  await page.getByRole('link', { name: 'Inspection overview', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inspection overview' })).toBeVisible();
}

for (const screen of [
  { name: 'desktop', use: { viewport: { width: 1280, height: 900 } } },
  { name: 'phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
]) {
  test.describe(`on a ${screen.name}`, () => {
    test.use(screen.use);

    test('measure, analyse, estimate and convert an inspection into a claim file', async ({ page }) => {
      test.setTimeout(180_000);
      const errors = collectErrors(page);
      await signedInUser(page, `story-${screen.name}`);

      // A new company's hail-hit threshold is 8.
      await page.goto('/settings?section=estimating');
      await expect(page.getByLabel('Hits to recommend replacing')).toHaveValue('8');

      const sessionId = await createInspection(page, { north: 11, south: 3 });
      const photoIds = await uploadPhotos(page, sessionId, [...REQUIRED_PHOTOS, GUTTER_PHOTO]);

      // Measurements: a facet per roof slope, the lines, saved.
      await page.goto(`/field-inspection/${sessionId}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Inspection overview' })).toBeVisible();
      await expect(step(page, 'Measurements')).toHaveAccessibleDescription('To do: Not measured yet');
      await step(page, 'Measurements').click();
      await expect(page.getByRole('heading', { level: 1, name: 'Measurements' })).toBeVisible();
      const house = page.getByRole('region', { name: 'Main house' });
      await house.getByLabel('Facet 1 pitch (rise/12)').fill('6');
      await house.getByLabel('Facet 1 plan area (sq ft)').fill('1000');
      await house.getByLabel('Facet 2 pitch (rise/12)').fill('6');
      await house.getByLabel('Facet 2 plan area (sq ft)').fill('1000');
      await house.getByLabel('Ridge (LF)', { exact: true }).fill('40');
      await house.getByLabel('Rake (LF)', { exact: true }).fill('60');
      await house.getByLabel('Eave (LF)', { exact: true }).fill('80');
      const counted = house.getByRole('group', { name: 'Counted on the roof' });
      await expect(counted.getByLabel('Pipe jacks')).toHaveValue('0');
      await counted.getByLabel('Pipe jacks').fill('3');
      await counted.getByLabel('Roof vents').fill('4');
      const houseTotals = house.getByLabel('Main house totals');
      await expect(figure(houseTotals, 'Squares')).toHaveText('22.36');
      await expect(figure(houseTotals, 'Order squares')).toHaveText(/^24\.60?$/);
      await page.getByRole('button', { name: 'Save measurements' }).click();
      await expect(page.getByText('Measurements saved')).toBeVisible();
      await toastsGone(page);

      // Analysis: replace, because of the N slope's 11 hits.
      await toOverview(page);
      await expect(step(page, 'Measurements')).toHaveAccessibleDescription('Done: Roof measured');
      await expect(step(page, 'Analysis')).toHaveAccessibleDescription('Done: Test squares N = 11, S = 3');
      await step(page, 'Analysis').click();
      await expect(page.getByRole('heading', { level: 1, name: 'Analysis' })).toBeVisible();
      await expect(page).toHaveTitle('Analysis - Ridgeline');
      await expect(page.getByRole('heading', { level: 2, name: 'Recommendation: Replace' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Reasons' }).getByRole('listitem')).toHaveText([
        'Main house N slope: test square has 11 hits, at or above the threshold of 8.',
      ]);
      const slopes = page.getByRole('region', { name: 'Roof slopes and test squares' });
      await expect(slopes.getByRole('listitem').filter({ hasText: 'N slope' })).toContainText('1 photo · Test square N = 11 (1 photo)');
      await expect(slopes.getByRole('listitem').filter({ hasText: 'S slope' })).toContainText('Test square S = 3');
      await expect(page.getByRole('region', { name: 'Missing required shots' })).toContainText('Every required shot has a photo.');
      await axeWithoutToasts(page);

      // Estimate: the formula lines priced from the default list, O&P on, saved.
      await page.getByRole('link', { name: 'Estimate', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Estimate' })).toBeVisible();
      const lines = page.getByRole('table', { name: 'Estimate lines' });
      const lineRow = (description: string) => lines.getByRole('row').filter({ hasText: description });
      await expect(lineRow('Laminated - comp. shingle rfg. - w/out felt').first()).toContainText('24.6 SQ');
      await expect(lines).not.toContainText('w/ felt');
      await expect(lineRow('Roofing felt - synthetic underlayment')).toContainText('17.56 SQ');
      await expect(lineRow('Flashing - pipe jack')).toContainText('3 EA');
      await expect(lineRow('Roof vent - turtle type - Metal')).toContainText('4 EA');
      await expect(lineRow('Dumpster load - Approx. 20 yards, 4 tons of debris')).toContainText('2 EA');
      await expect(lineRow('Permit')).toContainText('1 EA');
      await expect(lineRow('R&R Gutter / downspout - aluminum - up to 5"')).toContainText('80 LF');
      await expect(lineRow('R&R Gutter / downspout - aluminum - up to 5"')).toContainText('Eave 80 LF where gutter damage was photographed');
      const totals = page.getByLabel('Estimate totals');
      await expect(figure(totals, 'Line items')).toHaveText('$13,622.16');
      // O&P off: no overhead or profit line at all.
      await expect(totals.getByRole('term')).toHaveText(['Line items', 'RCV', 'Depreciation', 'ACV']);
      await expect(figure(totals, 'RCV')).toHaveText('$13,622.16');
      await page.getByRole('switch', { name: 'Overhead & profit' }).click();
      await expect(totals.getByRole('term')).toHaveText(['Line items', 'Overhead (10%)', 'Profit (10%)', 'RCV', 'Depreciation', 'ACV']);
      await expect(figure(totals, 'Overhead (10%)')).toHaveText('$1,362.22');
      await expect(figure(totals, 'Profit (10%)')).toHaveText('$1,362.22');
      await expect(figure(totals, 'RCV')).toHaveText('$16,346.60');
      await expect(figure(totals, 'Depreciation')).toHaveText('$0.00');
      await expect(figure(totals, 'ACV')).toHaveText('$16,346.60');
      await page.getByRole('button', { name: 'Save estimate' }).click();
      await expect(page.getByText('Estimate saved')).toBeVisible();
      await toastsGone(page);

      // Convert: what moves, then a new claim file.
      await page.getByRole('link', { name: 'Convert to claim file', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Convert to claim file' })).toBeVisible();
      const moves = page.getByRole('region', { name: 'What moves to the claim file' });
      await expect(moves).toContainText('9 photos');
      await expect(moves).toContainText('1 measurement');
      await expect(moves).toContainText('1 version');
      await expect(page.getByRole('radio', { name: 'Create a new claim file' })).toBeChecked();
      await expect(page.getByRole('radio', { name: 'Create a new claim file' })).toHaveAccessibleDescription(
        'Uses an active file of your plan: 0 of 25 in use.',
      );
      await axeWithoutToasts(page);
      const convert = page.getByRole('button', { name: 'Convert', exact: true });
      expect((await convert.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(48);
      await convert.click();
      await expect(page.getByText('Claim file ready')).toBeVisible();
      await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/);
      const projectId = new URL(page.url()).pathname.split('/').pop() ?? '';

      // The claim file: the same photos (re-linked, not copied), the measurement, the estimate.
      await expect(page.getByRole('heading', { level: 1, name: /12 Elm Street/ })).toBeVisible();
      await page.getByRole('tab', { name: 'Photos' }).click();
      await expect(page.locator('[data-photo]')).toHaveCount(photoIds.length);
      const shown = await page.locator('[data-photo]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-photo')));
      expect([...shown].sort()).toEqual([...photoIds].sort());
      const projectPhotos = (await (await page.request.get(`/api/projects/${projectId}/photos`)).json()) as { photos: { id: string }[] };
      expect(projectPhotos.photos.map((p) => p.id).sort()).toEqual([...photoIds].sort());

      await page.getByRole('tab', { name: 'Measurements' }).click();
      await expect(page.getByRole('tabpanel').getByText('22.36', { exact: true })).toBeVisible();
      const measurements = (await (await page.request.get(`/api/measurements?projectId=${projectId}`)).json()) as { measurements: Measurement[] };
      expect(measurements.measurements.map((m) => [m.sessionId, m.totals.squares])).toEqual([[sessionId, 22.36]]);

      await page.getByRole('tab', { name: 'Estimates' }).click();
      await expect(page.getByRole('heading', { name: /Version 1/ })).toBeVisible();
      await expect(figure(page.getByLabel('Totals of version 1'), 'RCV')).toHaveText('$16,346.60');
      const estimates = (await (await page.request.get(`/api/estimates?projectId=${projectId}`)).json()) as { estimates: Estimate[] };
      expect(estimates.estimates.map((e) => [e.version, e.totals.rcvCents])).toEqual([[1, 1_634_660]]);

      // Converting again opens the same claim file.
      await page.goto(`/field-inspection/${sessionId}/convert`);
      await expect(page.getByText(/Already converted: this inspection is on a claim file/)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Open the claim file' })).toHaveAttribute('href', `/projects/${projectId}`);
      await page.getByRole('button', { name: 'Convert', exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/projects/${projectId}$`));
      const projects = (await (await page.request.get('/api/projects')).json()) as { total: number };
      expect(projects.total).toBe(1);

      expect(unexpected(errors)).toEqual([]);
    });
  });
}
