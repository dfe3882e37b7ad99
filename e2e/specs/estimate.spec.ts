import { expect, test, type Page } from '@playwright/test';
import type { Estimate } from '@ridgeline/shared/contracts/estimating';
import { parseScopeCsv } from '@ridgeline/shared/domain/estimate-csv';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { newClaimFile } from '../support/documents';
import { collectErrors, signedInUser } from '../support/flows';
import { measuredSession } from '../support/inspection-seed';
import { axeWithoutToasts } from '../support/toasts';

// The estimate step of an inspection: a session on a claim file with its measurement (seeded through
// the API) opens on the formula lines priced from the default list; totals match the arithmetic
// below (no overhead or profit line while O&P is off); O&P, editing, adding and removing lines change
// them; saves make versions v1 and v2; a carrier scope exported by an estimating program (quoted
// cells with commas and quotes, CRLF, columns by name) gives the supplement list with the measurement
// behind each item; the saved version exports as CSV; the project's Estimates tab keeps both
// versions. Then the same step on a phone.

// The measurement: one 6/12 facet of 2,000 sq ft on plan, ridge 40, rake 60, eave 80 LF, 10% waste,
// 1 layer, 1 story. Roof 2,000 x 1.118034 = 2,236.07 sq ft = 22.36 SQ; order 22.36068 x 1.1 = 24.60 SQ.
//   shingles w/out felt 24.60 SQ x $265.00 = $6,519.00
//   starter       140 LF   x   $2.25 =   $315.00   (eave 80 + rake 60)
//   drip edge     140 LF   x   $3.10 =   $434.00
//   ridge cap      40 LF   x   $5.95 =   $238.00
//   ice & water  4.80 SQ   x $175.00 =   $840.00   (80 LF x 6 ft / 100: a company with no state keeps the eaves)
//   underlayment 17.56 SQ  x  $42.00 =   $737.52   (22.36 - 4.80: one underlayment per area)
//   tear-off     22.36 SQ  x  $74.00 = $1,654.64   (1 layer)
//   dumpster        2 EA   x $585.00 = $1,170.00   (22.36 SQ / 20 SQ a load, rounded up)
//   permit          1 EA   x $350.00 =   $350.00
//   line items                        $12,258.16
// O&P on: 10% overhead $1,225.82 (1,225.816 rounded) + 10% profit $1,225.82 -> RCV $14,709.80.
const STRUCTURE = {
  structureId: 'house',
  name: 'Main house',
  facets: [{ id: 'f1', pitchRise: 6, planAreaSqFt: 2000 }],
  linear: { ridge: 40, hip: 0, valley: 0, rake: 60, eave: 80, stepFlashing: 0, headwall: 0 },
  wastePct: 10,
  layers: 1,
  stories: 1,
};

// The app logs this console error whenever it is not served over HTTPS, as in the e2e stack.
const NOT_HTTPS = 'console: Not served over HTTPS: sign-in cookies and claim data are not protected in transit.';
const unexpected = (errors: string[]) => errors.filter((error) => error !== NOT_HTTPS);

const total = (page: Page, term: string) =>
  page
    .getByLabel('Estimate totals')
    .locator('div', { has: page.getByText(term, { exact: true }) })
    .locator('dd');

async function serverEstimates(page: Page, sessionId: string): Promise<Estimate[]> {
  const response = await page.request.get(`/api/estimates?sessionId=${sessionId}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { estimates: Estimate[] }).estimates;
}

test('an estimate from the measurements: totals, O&P, lines edited, versions, the supplement list, the project tab', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = collectErrors(page);
  await signedInUser(page, 'estimate');
  const projectId = await newClaimFile(page, { title: 'Hail claim, Oak Street', street: '12 Oak Street', claimNumber: 'CLM-12' });
  const sessionId = await measuredSession(page, { structure: STRUCTURE, projectId });

  await page.goto(`/field-inspection/${sessionId}/estimate`);
  await expect(page.getByRole('heading', { level: 1, name: 'Estimate' })).toBeVisible();
  await expect(page).toHaveTitle('Estimate - Ridgeline');
  const lines = page.getByRole('table', { name: 'Estimate lines' });
  await expect(lines.getByRole('row')).toHaveCount(10); // the header and 9 formula lines
  await expect(lines.getByRole('row', { name: /Asphalt starter/ })).toContainText('140 LF');
  await expect(lines.getByRole('row', { name: /Asphalt starter/ })).toContainText('Eave 80 LF + rake 60 LF');
  await expect(lines.getByRole('row', { name: /^Laminated - comp\. shingle rfg\. - w\/out felt/ })).toContainText('24.6 SQ');
  await expect(lines.getByRole('row', { name: /^Remove Laminated - comp\. shingle rfg\. - w\/out felt/ })).toContainText('22.36 SQ');
  await expect(lines.getByRole('row', { name: /Dumpster load - Approx\. 20 yards, 4 tons of debris/ })).toContainText('Tear-off 22.36 SQ, one load per 20 SQ');
  await expect(lines.getByRole('row', { name: /^Permit/ })).toContainText('1 EA');
  await expect(total(page, 'Line items')).toHaveText('$12,258.16');
  await expect(total(page, 'RCV')).toHaveText('$12,258.16');
  // O&P is off: no overhead or profit line, not even at $0.00.
  await expect(page.getByLabel('Estimate totals').getByRole('term')).toHaveText(['Line items', 'RCV', 'Depreciation', 'ACV']);
  await axeWithoutToasts(page);

  // O&P on.
  await page.getByRole('switch', { name: 'Overhead & profit' }).click();
  await expect(total(page, 'Overhead (10%)')).toHaveText('$1,225.82');
  await expect(total(page, 'Profit (10%)')).toHaveText('$1,225.82');
  await expect(total(page, 'RCV')).toHaveText('$14,709.80');

  // Drip edge 140 -> 150 LF: +10 x $3.10 = $12,289.16; O&P 1,228.916 -> $1,228.92 each; RCV $14,747.00.
  await page.getByRole('button', { name: 'Edit Drip edge' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit line' });
  await edit.getByLabel('Quantity').fill('150');
  await edit.getByRole('button', { name: 'Save line' }).click();
  await expect(total(page, 'Line items')).toHaveText('$12,289.16');
  await expect(total(page, 'RCV')).toHaveText('$14,747.00');

  // A line of one's own, 1 EA x $85.00: $12,374.16; O&P 1,237.416 -> $1,237.42 each; RCV $14,849.00.
  await page.getByRole('button', { name: 'Add line' }).click();
  const add = page.getByRole('dialog', { name: 'Add line' });
  await add.getByLabel('Description').fill('Satellite dish detach and reset');
  await add.getByLabel('Quantity').fill('1');
  await add.getByLabel('Unit', { exact: true }).fill('EA');
  await add.getByLabel('Unit price').fill('85');
  await add.getByRole('button', { name: 'Add line' }).click();
  await expect(total(page, 'Line items')).toHaveText('$12,374.16');
  await expect(total(page, 'RCV')).toHaveText('$14,849.00');
  await page.getByRole('button', { name: 'Remove Satellite dish detach and reset' }).click();
  await expect(total(page, 'RCV')).toHaveText('$14,747.00');

  // Save: version 1, then a new version 2.
  await page.getByRole('button', { name: 'Save estimate' }).click();
  await expect(page.getByText('Estimate saved')).toBeVisible();
  const versions = page.getByRole('region', { name: 'Versions' });
  await expect(versions.getByRole('button', { name: /v1/ })).toContainText('RCV $14,747.00');
  await expect(page.getByRole('link', { name: 'Convert to claim file' })).toHaveAttribute('href', `/field-inspection/${sessionId}/convert`);
  await page.getByRole('button', { name: 'Save as new version' }).click();
  await expect(page.getByText('Version 2 saved')).toBeVisible();
  await expect(versions.getByRole('listitem')).toHaveCount(2);
  await expect(versions.getByRole('listitem').first()).toContainText('v2');
  await expect(versions.getByRole('listitem').last()).toContainText('v1');
  const saved = await serverEstimates(page, sessionId);
  expect(saved.map((e) => [e.version, e.isLatest, e.totals.rcvCents])).toEqual([
    [2, true, 1_474_700],
    [1, false, 1_474_700],
  ]);

  // The older version opens read-only.
  await versions.getByRole('button', { name: /v1/ }).click();
  await expect(page.getByRole('heading', { name: /Version 1/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save estimate' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Back to the latest version' }).click();

  // The carrier's scope as an estimating program exports it (a line number first, remove and replace
  // prices apart, a heading and a totals row, quoted cells holding commas and quotes, CRLF):
  // shingles, ridge cap, tear-off, less underlayment and one dumpster load; no starter, drip edge,
  // ice and water, permit or O&P; a pipe jack we have no line for.
  await page
    .getByLabel('Carrier scope CSV')
    .fill(
      [
        '"#","QTY","UNIT","DESCRIPTION","REMOVE","REPLACE","TAX","O&P","RCV"',
        '"","","","Dwelling Roof","","","","",""',
        '"1","24.6","SQ","Laminated - comp. shingle rfg. - w/out felt","0.00","270.00","0.00","0.00","6,642.00"',
        '"2","40","LF","Hip / Ridge cap - Standard profile - composition shingles","0.00","5.50","0.00","0.00","220.00"',
        '"3","22.36","SQ","Remove Laminated - comp. shingle rfg. - w/out felt","70.00","0.00","0.00","0.00","1,565.20"',
        '"4","15","SQ","Roofing felt - synthetic underlayment","0.00","40.00","0.00","0.00","600.00"',
        '"5","1","EA","Dumpster load - Approx. 20 yards, 4 tons of debris","0.00","585.00","0.00","0.00","585.00"',
        '"6","1","EA","Flashing - pipe jack, ""split boot""","0.00","58.00","0.00","0.00","58.00"',
        '"","","","Totals: Dwelling Roof","","","0.00","0.00","9,670.20"',
      ].join('\r\n'),
    );
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await expect(page.getByText('6 scope lines imported.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Scope lines' }).getByRole('listitem').filter({ hasText: 'Flashing - pipe jack, "split boot"' })).toContainText(
    '1 EA × $58.00',
  );
  await expect(page.getByRole('list', { name: 'Scope lines' }).getByRole('listitem').filter({ hasText: 'Remove Laminated' })).toContainText(
    '22.36 SQ × $70.00',
  );
  const preview = page.getByRole('region', { name: 'Preview (not saved yet)' });
  await expect(preview.getByRole('listitem').filter({ hasText: 'Asphalt starter' })).toContainText('Supported by: Eave 80 LF + rake 60 LF');
  await expect(preview.getByRole('listitem').filter({ hasText: 'Drip edge' })).toContainText('Missing from the scope: ours 150 LF');
  await expect(preview.getByRole('listitem').filter({ hasText: /^Ice & water barrier/ })).toContainText('Supported by: Eave 80 LF x 6 ft + valley 0 LF x 3 ft');
  await expect(preview.getByRole('listitem').filter({ hasText: 'Roofing felt' })).toContainText("Under-counted: ours 17.56 SQ, the carrier's 15 SQ");
  await expect(preview.getByRole('listitem').filter({ hasText: 'Dumpster load' })).toContainText("Under-counted: ours 2 EA, the carrier's 1 EA");
  await expect(preview.getByRole('listitem').filter({ hasText: 'Permit' })).toContainText('Supported by: One permit for the roof replacement');
  await expect(preview.getByRole('listitem').filter({ hasText: 'Overhead and profit' })).toContainText('$2,457.84');
  await expect(preview.getByRole('listitem').filter({ hasText: 'Laminated' })).toHaveCount(0);

  // Saved with version 2: the server's list.
  await page.getByRole('button', { name: 'Save estimate' }).click();
  await expect(page.getByText('Estimate saved')).toBeVisible();
  const savedList = page.getByRole('region', { name: 'Saved with version 2' });
  await expect(savedList.getByRole('listitem')).toHaveCount(7);
  await expect(savedList.getByRole('button', { name: 'Print supplement' })).toBeVisible();
  const latest = (await serverEstimates(page, sessionId))[0];
  expect(latest?.supplement.map((item) => item.code)).toEqual(['starter', 'drip_edge', 'ice_water', 'underlayment', 'dumpster', 'permit', 'o_and_p']);
  await axeWithoutToasts(page);

  // The saved version as CSV: its lines read back through the scope import as the same lines.
  const exportLink = page.getByRole('link', { name: 'Export CSV' });
  await expect(exportLink).toHaveAttribute('href', `/api/estimates/${latest?.id ?? ''}/export.csv`);
  const download = await page.request.get(`/api/estimates/${latest?.id ?? ''}/export.csv`);
  expect(download.headers()['content-type']).toBe('text/csv; charset=utf-8');
  const { rows, errors: rowErrors } = parseScopeCsv(await download.text());
  expect(rowErrors).toEqual([]);
  expect(rows).toEqual(latest?.lines.map((l) => ({ description: l.description, quantity: l.quantity, unit: l.unit, unitPriceCents: l.unitPriceCents })));

  // The project keeps both versions, with the supplement list.
  await page.goto(`/projects/${projectId}`);
  await page.getByRole('tab', { name: 'Estimates' }).click();
  await expect(page.getByRole('heading', { name: /Version 2/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Version 1/ })).toBeVisible();
  const request = page.getByRole('region', { name: 'Supplement request' });
  await expect(request.getByRole('listitem').filter({ hasText: 'Drip edge' })).toContainText('Eave 80 LF + rake 60 LF');
  await expect(request.getByRole('button', { name: 'Print supplement' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  expect(unexpected(errors)).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the estimate step reads as cards, with O&P and save in reach', async ({ page }) => {
    const errors = collectErrors(page);
    await signedInUser(page, 'estimate-phone');
    const sessionId = await measuredSession(page, { structure: STRUCTURE });
    await page.goto(`/field-inspection/${sessionId}/estimate`);
    await expect(page.getByRole('heading', { level: 1, name: 'Estimate' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Estimate lines' }).getByText('Total: ')).toHaveCount(9);
    await expect(total(page, 'Line items')).toHaveText('$12,258.16');
    await expect(page.getByLabel('Estimate totals').getByRole('term')).toHaveText(['Line items', 'RCV', 'Depreciation', 'ACV']);
    await page.getByRole('switch', { name: 'Overhead & profit' }).click();
    await expect(total(page, 'RCV')).toHaveText('$14,709.80');
    // Nothing wider than the phone.
    expect(await page.evaluate<number>(`document.documentElement.scrollWidth`)).toBeLessThanOrEqual(390);
    const save = page.getByRole('button', { name: 'Save estimate' });
    expect((await save.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(48);
    await save.click();
    await expect(page.getByText('Estimate saved')).toBeVisible();
    await axeWithoutToasts(page);
    expect(unexpected(errors)).toEqual([]);
  });
});
