import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Measurement } from '@ridgeline/shared/contracts/estimating';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { collectErrors, ORIGIN_HEADERS, signedInUser } from '../support/flows';

// A roof measured in an inspection's Measurements step (two facets and linear feet, the squares worked
// out as they are typed), saved, read back after a reload, with an imported PDF report and its totals
// typed in; /measurements lists it once, refuses a second record for the same roof (decision 041) and
// saves one made on its own to another claim file; the claim file's Measurements tab shows the
// inspection's record, edited there and read back in the inspection. On a phone and on a desktop screen.

async function createProject(
  page: Page,
  fields: { title: string; street: string } = { title: 'Hail claim, Elm Street', street: '12 Elm Street' },
): Promise<string> {
  const response = await page.request.post('/api/projects', {
    headers: ORIGIN_HEADERS,
    data: { homeownerName: 'Pat Miller', city: 'Tulsa', state: 'OK', zip: '74103', claimNumber: 'CLM-12', ...fields },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function createSession(page: Page, projectId: string): Promise<string> {
  const id = randomUUID();
  const response = await page.request.post('/api/inspections', {
    headers: ORIGIN_HEADERS,
    data: {
      id,
      projectId,
      editedAt: new Date().toISOString(),
      fields: {
        street: '12 Elm Street',
        structures: [
          {
            id: 'house',
            name: 'Main house',
            kind: 'main_house',
            areas: ['roof'],
            slopes: [
              { direction: 'N', testSquareHits: 9 },
              { direction: 'S', testSquareHits: 3 },
            ],
          },
        ],
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return id;
}

/** The figure shown under `term` in a totals list. */
function figure(totals: Locator, term: string): Locator {
  return totals
    .locator('div')
    .filter({ has: totals.page().getByText(term, { exact: true }) })
    .locator('dd');
}

// The app logs this whenever it is not served over HTTPS, as the e2e stack is (see routes.spec.ts).
const PLAIN_HTTP = 'console: Not served over HTTPS: sign-in cookies and claim data are not protected in transit.';

/** A tiny but real PDF (the server checks the bytes). */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

for (const screen of [
  { name: 'phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
  { name: 'desktop', use: { viewport: { width: 1280, height: 900 } } },
]) {
  test.describe(`on a ${screen.name}`, () => {
    test.use(screen.use);

    test('measure a roof in the session, import its report, measure on its own, see both on the claim file', async ({ page }) => {
      test.setTimeout(150_000);
      const errors = collectErrors(page);
      await signedInUser(page, `measure-${screen.name}`);
      const projectId = await createProject(page);
      await createProject(page, { title: 'Garage claim, Oak Street', street: '40 Oak Street' });
      const sessionId = await createSession(page, projectId);

      // The session's Measurements step: a facet per roof slope, squares as the numbers are typed.
      await page.goto(`/field-inspection/${sessionId}/measurements`);
      await expect(page.getByRole('heading', { level: 1, name: 'Measurements' })).toBeVisible();
      await expect(page).toHaveTitle('Measurements - Ridgeline');
      const house = page.getByRole('region', { name: 'Main house' });
      await expect(house.getByLabel('Facet 1 name')).toHaveValue('N slope');
      await house.getByLabel('Facet 1 pitch (rise/12)').fill('6');
      await house.getByLabel('Facet 1 plan area (sq ft)').fill('1,000');
      // 1,000 sq ft x 1.118 = 1,118 sq ft = 11.18 SQ.
      await expect(house.getByText(/Pitch factor 1\.118 · 1,118\.03 sq ft · 11\.18 SQ/)).toBeVisible();
      await house.getByLabel('Facet 2 pitch (rise/12)').fill('8');
      await house.getByLabel('Facet 2 length (ft)').fill('20');
      await house.getByLabel('Facet 2 width (ft)').fill('30');
      // 600 sq ft x 1.202 = 721.11 sq ft = 7.21 SQ.
      await expect(house.getByText(/Pitch factor 1\.202 · 721\.11 sq ft · 7\.21 SQ/)).toBeVisible();
      await house.getByLabel('Ridge (LF)', { exact: true }).fill('40');
      await house.getByLabel('Rake (LF)', { exact: true }).fill('60');
      await house.getByLabel('Eave (LF)', { exact: true }).fill('80');
      const totals = house.getByLabel('Main house totals');
      await expect(figure(totals, 'Squares')).toHaveText('18.39');
      // 10% waste: 18.3914 x 1.1.
      await expect(figure(totals, 'Order squares')).toHaveText('20.23');
      await expect(figure(totals, '7/12 to 9/12')).toHaveText('7.21 SQ');
      const saveButton = page.getByRole('button', { name: 'Save measurements' });
      expect((await saveButton.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(48);
      await expectNoSeriousA11yViolations(page);
      await saveButton.click();
      await expect(page.getByText('Measurements saved')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Next: Analysis' })).toBeVisible();

      // Read back from the server.
      await page.reload();
      await expect(house.getByLabel('Facet 1 plan area (sq ft)')).toHaveValue('1000');
      await expect(house.getByLabel('Facet 2 width (ft)')).toHaveValue('30');
      await expect(house.getByLabel('Eave (LF)', { exact: true })).toHaveValue('80');
      await expect(figure(house.getByLabel('Main house totals'), 'Squares')).toHaveText('18.39');

      // The measurement report: the file kept with the measurement, its totals typed beside it.
      await page.getByLabel('Import a report file').setInputFiles({ name: 'eagleview-12-elm.pdf', mimeType: 'application/pdf', buffer: PDF });
      await expect(page.getByText('Report attached')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Download eagleview-12-elm.pdf' })).toBeVisible();
      await page.getByLabel('Report provider').fill('EagleView');
      await page.getByLabel('Total squares on the report').fill('18.5');
      await page.getByLabel('Predominant pitch on the report').fill('6/12');
      await page.getByLabel('Ridge on the report (LF)').fill('41');
      await saveButton.click();
      await expect(page.getByText('Measurements saved').first()).toBeVisible();
      const list = (await (await page.request.get(`/api/measurements?sessionId=${sessionId}`)).json()) as { measurements: Measurement[] };
      expect(list.measurements).toHaveLength(1);
      expect(list.measurements[0]).toMatchObject({
        projectId,
        totals: { squares: 18.39, orderSquares: 20.23 },
        reportTotals: { provider: 'EagleView', totalSquares: 18.5, predominantPitch: '6/12', ridge: 41 },
        report: { fileName: 'eagleview-12-elm.pdf', mimeType: 'application/pdf' },
      });
      await page.reload();
      await expect(page.getByLabel('Report provider')).toHaveValue('EagleView');
      await expect(page.getByRole('link', { name: 'Download eagleview-12-elm.pdf' })).toBeVisible();

      // /measurements: listed under the claim file; the calculator on its own saves to a chosen file.
      await page.goto('/measurements');
      await expect(page.getByRole('heading', { level: 1, name: 'Measurements' })).toBeVisible();
      const group = page.getByRole('region', { name: 'Hail claim, Elm Street' });
      await expect(group.getByText(/18\.39 SQ · 20\.23 order SQ/)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: 'New measurement' }).click();
      await page.getByRole('button', { name: 'Save measurements' }).click();
      await expect(page.getByText('Choose the claim file to save the measurements to')).toBeVisible();
      await page.getByLabel('Find a claim file').fill('Elm');
      await expect(page.getByLabel('Claim file', { exact: true }).locator('option', { hasText: 'Hail claim, Elm Street' })).toHaveCount(1);
      await page.getByLabel('Claim file', { exact: true }).selectOption({ label: 'Hail claim, Elm Street · 12 Elm Street' });
      await page.getByLabel('Label').fill('Garage re-measure');
      const standalone = page.getByRole('region', { name: 'Main house' });
      await standalone.getByLabel('Structure name').fill('Garage');
      const garage = page.getByRole('region', { name: 'Garage' });
      await garage.getByLabel('Facet 1 pitch (rise/12)').fill('4');
      await garage.getByLabel('Facet 1 plan area (sq ft)').fill('500');
      // 500 x 1.054 = 527.05 sq ft = 5.27 SQ.
      await expect(figure(garage.getByLabel('Garage totals'), 'Squares')).toHaveText('5.27');
      await expectNoSeriousA11yViolations(page);
      // The Elm Street roof has its record (the inspection's): a second is refused (decision 041).
      await page.getByRole('button', { name: 'Save measurements' }).click();
      await expect(page.getByText('This claim file already has a measurement. Open it to change it.').first()).toBeVisible();
      await expect(group.getByRole('listitem')).toHaveCount(1);
      // Saved to a claim file of its own instead.
      await page.getByLabel('Find a claim file').fill('Oak');
      await expect(page.getByLabel('Claim file', { exact: true }).locator('option', { hasText: 'Garage claim, Oak Street' })).toHaveCount(1);
      await page.getByLabel('Claim file', { exact: true }).selectOption({ label: 'Garage claim, Oak Street · 40 Oak Street' });
      await page.getByRole('button', { name: 'Save measurements' }).click();
      await expect(page.getByText('Measurements saved')).toBeVisible();
      const oak = page.getByRole('region', { name: 'Garage claim, Oak Street' });
      await expect(oak.getByRole('link', { name: 'Garage re-measure' })).toBeVisible();
      await expect(group.getByRole('listitem')).toHaveCount(1);

      // The claim file's Measurements tab: the inspection's record, one, and no second one to add.
      await page.goto(`/projects/${projectId}`);
      await page.getByRole('tab', { name: 'Measurements' }).click();
      await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(1);
      await expect(page.getByRole('button', { name: 'Add measurement' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Download eagleview-12-elm.pdf' })).toBeVisible();
      await expect(page.getByText('Main house: 2 facets, 18.39 SQ', { exact: false })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      // Opened in the calculator there, changed and saved: the inspection's step shows the change.
      await page.getByRole('button', { name: /^Edit / }).click();
      await page.getByRole('region', { name: 'Main house' }).getByLabel('Stories').fill('3');
      await page.getByRole('button', { name: 'Save measurements' }).click();
      await expect(page.getByText('Measurements saved')).toBeVisible();
      await expect(page.getByText('Main house: 2 facets, 18.39 SQ, waste 10%, 1 layer, 3 stories')).toBeVisible();
      await page.goto(`/field-inspection/${sessionId}/measurements`);
      await expect(page.getByRole('region', { name: 'Main house' }).getByLabel('Stories')).toHaveValue('3');

      // The refused second record is the one failed request the browser logs.
      const REFUSED = 'console: Failed to load resource: the server responded with a status of 409 (Conflict)';
      expect(errors.filter((e) => e !== PLAIN_HTTP && e !== REFUSED)).toEqual([]);
    });
  });
}
