import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { setCompanyAddress } from '../support/documents';
import { ORIGIN_HEADERS, signedInUser } from '../support/flows';
import { grantAdmin } from '../support/mail';
import { expectNoHorizontalOverflow } from '../support/layout';
import { axeWithoutToasts } from '../support/toasts';
import { abortOffline } from '../support/network';

// Shingle ID on a phone (390 x 844): from a claim file, a rep measures a metric laminate, ranks it,
// is told the top lines cannot be told apart, answers the separating question (a woven fabric
// nailing strip) and saves; the result shows on the claim file and in /shingle-history. Started on
// its own, the rep picks the claim file by its address (the address fills in) and saves with a photo
// of the face, uploaded at once. With no signal after one online visit, the page still ranks from the
// catalog kept on the phone, and a save with two photos is kept on the device, then sent with its
// photos when the signal returns. The claim packet made afterwards carries the Shingle ID page and
// its photo, read back with poppler's pdftotext and pdfimages.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function createClaimFile(page: Page): Promise<string> {
  const response = await page.request.post('/api/projects', {
    headers: ORIGIN_HEADERS,
    data: {
      title: 'Hail claim, Oak Street',
      homeownerName: 'Pat Miller',
      street: '12 Oak Street',
      city: 'Tulsa',
      state: 'OK',
      zip: '74103',
      claimNumber: 'CLM-25',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await context.route('**/*', abortOffline);
}

async function goOnline(context: BrowserContext): Promise<void> {
  await context.unroute('**/*');
  await context.setOffline(false);
}

/** A real JPEG (the server decodes every photo whole), a different color per seed. */
async function jpeg(seed: number): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: { r: (seed * 53) % 256, g: (seed * 97) % 256, b: (seed * 151) % 256 } } })
    .jpeg({ quality: 70 })
    .toBuffer();
}

/** Makes the claim packet through the API, waits for its PDF and returns the PDF's text (spaces collapsed) and how many images it holds. */
async function packetText(page: Page, projectId: string): Promise<{ text: string; images: number }> {
  const made = await page.request.post('/api/reports/packet', {
    headers: ORIGIN_HEADERS,
    data: { projectId, coverLetter: 'Please find the shingle identification for claim {{claim_number}} enclosed.', photoReport: false, measurements: false },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { report } = (await made.json()) as { report: { id: string } };
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/reports/${report.id}`);
        return ((await response.json()) as { report: { status: string } }).report.status;
      },
      { timeout: 60_000 },
    )
    .toBe('ready');
  const file = await page.request.get(`/api/reports/${report.id}/file`);
  expect(file.status()).toBe(200);
  const path = join(mkdtempSync(join(tmpdir(), 'shingle-packet-')), 'packet.pdf');
  writeFileSync(path, await file.body());
  const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  // pdfimages -list: two heading lines, then one line per image.
  const images = execFileSync('pdfimages', ['-list', path], { encoding: 'utf8' }).trim().split('\n').length - 2;
  return { text, images };
}

test('measure, rank, answer a separating question, save to the claim file, see it in the history, rank offline, print it in the packet', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await signedInUser(page, 'shingle-id');
  await setCompanyAddress(page);
  const projectId = await createClaimFile(page);

  // Started from the claim file: the address is filled in.
  await page.goto(`/projects/${projectId}`);
  await page.getByRole('tab', { name: 'Shingle ID' }).click();
  await expect(page.getByText('No identification yet')).toBeVisible();
  await page.getByRole('link', { name: 'Identify the shingle' }).click();
  await expect(page.getByRole('heading', { name: 'Shingle ID', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Address')).toHaveValue('12 Oak Street, Tulsa, OK 74103');
  await expect(page.getByText(/Catalog version \d+: \d+ product lines kept on this phone/)).toBeVisible();

  // Fractions typed as a roofer reads them.
  await page.getByLabel('Exposure', { exact: true }).fill('5-5/8');
  await page.getByLabel('Length').fill('39 3/8');
  await page.getByLabel('Type').selectOption('laminated');
  await page.getByRole('button', { name: 'Rank candidates' }).click();
  const results = page.getByRole('region', { name: 'Results (not saved)' });
  await expect(results.getByText(/^These \d+ lines cannot be told apart from what was entered/)).toBeVisible();
  await expect(results.getByRole('heading', { name: 'Lab sample' })).toBeVisible();
  await expect(results.getByText('unverified').first()).toBeVisible();
  await expectNoHorizontalOverflow(page, '/shingle-id with results');
  await expectNoSeriousA11yViolations(page);

  // The separating question re-ranks: a woven fabric strip points to Owens Corning.
  await results.getByRole('group', { name: 'Lift a tab: what marks the nailing area?' }).getByRole('button', { name: 'Woven fabric nailing strip' }).click();
  const candidates = results.getByRole('list', { name: 'Candidates' });
  await expect(candidates.getByRole('heading', { level: 3 }).first()).toHaveText('1. Owens Corning TruDefinition Duration');
  await expect(page.getByLabel('Nailing area')).toHaveValue('fabric_strip');

  await results.getByRole('button', { name: 'Save to the claim file' }).click();
  await expect(page).toHaveURL(/\/shingle-id\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Shingle ID result', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Hail claim, Oak Street' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Candidates' }).getByRole('heading', { level: 3 }).first()).toHaveText('1. Owens Corning TruDefinition Duration');
  await expectNoHorizontalOverflow(page, '/shingle-id/:id');
  await axeWithoutToasts(page);

  // On the claim file.
  await page.getByRole('link', { name: 'Hail claim, Oak Street' }).click();
  await page.getByRole('tab', { name: 'Shingle ID' }).click();
  await expect(page.getByRole('list', { name: 'Saved identifications' }).getByRole('link', { name: 'Owens Corning TruDefinition Duration' })).toBeVisible();

  // In the history, searchable.
  await page.goto('/shingle-history');
  const list = page.getByRole('list', { name: 'Identifications' });
  await expect(list.getByRole('link', { name: 'Owens Corning TruDefinition Duration' })).toBeVisible();
  await expect(list.getByText('12 Oak Street', { exact: false })).toBeVisible();
  await page.getByLabel('Search address, product, claim file or person').fill('nowhere street');
  await expect(page.getByText('No identification matches these filters.')).toBeVisible();
  await page.getByLabel('Search address, product, claim file or person').fill('Oak');
  await expect(list.getByRole('link', { name: 'Owens Corning TruDefinition Duration' })).toBeVisible();
  await expectNoHorizontalOverflow(page, '/shingle-history');
  await axeWithoutToasts(page);

  // Started on its own: the claim file is picked by its address, which fills in; a photo of the face goes with it.
  await page.goto('/shingle-id');
  await expect(page.getByText(/product lines kept on this phone/)).toBeVisible();
  await page.getByLabel('Claim file (optional)').fill('Oak');
  await page
    .getByRole('list', { name: 'Matching claim files' })
    .getByRole('button', { name: /Hail claim, Oak Street/ })
    .click();
  await expect(page.getByText('Claim file: Hail claim, Oak Street')).toBeVisible();
  await expect(page.getByLabel('Address')).toHaveValue('12 Oak Street, Tulsa, OK 74103');
  await page.getByLabel('Exposure', { exact: true }).fill('5-5/8');
  await page.getByLabel('Length').fill('39 3/8');
  await page.getByLabel('Type').selectOption('laminated');
  await page.getByLabel('Nailing area').selectOption('fabric_strip');
  await page.getByLabel('Face of the shingle', { exact: true }).setInputFiles({ name: 'face.jpg', mimeType: 'image/jpeg', buffer: await jpeg(1) });
  await expect(page.getByRole('list', { name: 'Photos picked' }).getByRole('listitem')).toHaveCount(1);
  await expectNoHorizontalOverflow(page, '/shingle-id with a claim file picked and a photo');
  await axeWithoutToasts(page);
  await page.getByRole('button', { name: 'Rank candidates' }).click();
  await page.getByRole('region', { name: 'Results (not saved)' }).getByRole('button', { name: 'Save to the claim file' }).click();
  await expect(page).toHaveURL(/\/shingle-id\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('link', { name: 'Hail claim, Oak Street' })).toBeVisible();
  const pickedPhotos = page.getByRole('list', { name: 'Photos', exact: true });
  await expect(pickedPhotos.getByRole('listitem')).toHaveCount(1);
  await expect(pickedPhotos.getByText('Uploaded')).toBeVisible({ timeout: 20_000 });
  await expect(pickedPhotos.getByRole('img', { name: 'Face of the shingle' })).toBeVisible();

  // Offline after one online visit: the worker has the page, the phone has the catalog.
  await page.goto('/shingle-id');
  await expect(page.getByText(/product lines kept on this phone/)).toBeVisible();
  await expect.poll(() => page.evaluate(`Boolean(navigator.serviceWorker.controller)`), { timeout: 20_000 }).toBe(true);
  await goOffline(context);
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect(page.getByText(/product lines kept on this phone/)).toBeVisible();
  await page.getByLabel('Exposure', { exact: true }).fill('149 mm');
  await page.getByLabel('Length').fill('40.875');
  await page.getByLabel('Address').fill('77 Elm Court');
  await page.getByLabel('Back of the shingle', { exact: true }).setInputFiles({ name: 'back.jpg', mimeType: 'image/jpeg', buffer: await jpeg(2) });
  await page.getByLabel('Release tape', { exact: true }).setInputFiles({ name: 'tape.jpg', mimeType: 'image/jpeg', buffer: await jpeg(3) });
  await page.getByRole('button', { name: 'Rank candidates' }).click();
  const offlineResults = page.getByRole('region', { name: 'Results (not saved)' });
  await expect(offlineResults.getByRole('list', { name: 'Candidates' }).getByRole('heading', { level: 3 }).first()).toContainText('IKO');
  await expect(offlineResults.getByText('No signal: saving keeps the identification and its photos on this device', { exact: false })).toBeVisible();
  await offlineResults.getByRole('button', { name: 'Save identification' }).click();
  await expect(page.getByText('Saved on this device. It will be sent when you are back online.')).toBeVisible();
  const waiting = page.getByRole('region', { name: 'Saved on this device, not sent yet' });
  await expect(waiting).toContainText('77 Elm Court');
  await expect(waiting).toContainText('Waiting for a connection');
  await expectNoHorizontalOverflow(page, '/shingle-id with a save waiting');
  await axeWithoutToasts(page);

  // Back online: the save is sent, then its photos.
  await goOnline(context);
  await expect(waiting).toHaveCount(0, { timeout: 45_000 });
  await expect(page.getByText('Saved on this device. It will be sent when you are back online.')).toHaveCount(0);
  await page.goto('/shingle-history');
  await page.getByRole('list', { name: 'Identifications' }).getByRole('listitem').filter({ hasText: '77 Elm Court' }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: 'Shingle ID result', level: 1 })).toBeVisible();
  const sentPhotos = page.getByRole('list', { name: 'Photos', exact: true });
  await expect(sentPhotos.getByRole('listitem')).toHaveCount(2);
  await expect(sentPhotos.getByText('Uploaded')).toHaveCount(2, { timeout: 30_000 });
  const saved = await page.request.get(`/api/shingles/identifications/${page.url().split('/').pop() ?? ''}`);
  expect(((await saved.json()) as { photos: { kind: string }[] }).photos.map((photo) => photo.kind).sort()).toEqual(['back', 'release_tape']);
  await expectNoHorizontalOverflow(page, '/shingle-id/:id with photos');

  // The claim packet has the Shingle ID page of the newest identification, and its photo.
  const { text, images } = await packetText(page, projectId);
  expect(text).toContain('Shingle identification: measurements');
  expect(text).toContain('Owens Corning TruDefinition Duration');
  expect(text).toContain('Woven fabric nailing strip');
  expect(text).toMatch(/Catalog version \d+/);
  expect(text).toContain('(unverified)');
  expect(text).toContain('Shingle identification: photos');
  expect(text).toContain('Face of the shingle');
  expect(images).toBe(1);
});

test('the ready-made samples open a results screen without saving', async ({ page }) => {
  await signedInUser(page, 'shingle-samples');
  await page.goto('/shingle-analysis-test');
  await expect(page.getByRole('heading', { name: 'Shingle Analysis Test', level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'IKO size' }).click();
  await expect(page.getByRole('heading', { name: 'Sample: IKO size', level: 1 })).toBeVisible();
  const candidates = page.getByRole('list', { name: 'Candidates' });
  await expect(candidates.getByRole('heading', { level: 3 }).first()).toContainText('IKO');
  await expect(candidates.getByText('verified', { exact: true }).first()).toBeVisible();
  await page.getByRole('link', { name: 'Back to the samples' }).click();
  await page.getByRole('link', { name: 'An impossible size' }).click();
  await expect(page.getByText('No catalog line fits these measurements. Check them, or send a lab sample.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Lab sample' })).toBeVisible();
  await expectNoHorizontalOverflow(page, '/shingle-id/try/impossible');
  await expectNoSeriousA11yViolations(page);
  const history = await page.request.get('/api/shingles/identifications');
  expect(((await history.json()) as { identifications: unknown[] }).identifications).toEqual([]);
});

test("an owner adds the company's own product: listed as unverified in the catalog, ranked on the phone, changed, retired", async ({ page }) => {
  await signedInUser(page, 'shingle-catalog');
  await page.goto('/shingle-catalog');
  await expect(page.getByRole('heading', { name: 'Shingle Catalog', level: 1 })).toBeVisible();
  const lines = page.getByRole('list', { name: 'Catalog lines' });
  await expect(lines.getByRole('heading', { name: 'Elk Capstone (Formula FLX)' })).toBeVisible();
  await expectNoHorizontalOverflow(page, '/shingle-catalog');
  await expectNoSeriousA11yViolations(page);

  const form = page.getByRole('form', { name: 'Add a product line' });
  await form.getByLabel('Maker').fill('Yard Supply');
  await form.getByLabel('Product line').fill('House Brand 41');
  await form.getByLabel('Type').selectOption('laminated');
  await form.getByLabel('Length').fill('41');
  await form.getByLabel('Height').fill('13 1/4');
  await form.getByLabel('Exposure').fill('5-5/8');
  await form.getByLabel('Source').fill('Measured from a bundle in our yard');
  await form.getByRole('button', { name: 'Add line' }).click();
  const own = lines.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Yard Supply House Brand 41' }) });
  await expect(own).toContainText("Your company's product");
  await expect(own.getByText('unverified').first()).toBeVisible();

  await page.goto('/shingle-id');
  await page.getByLabel('Exposure', { exact: true }).fill('5 5/8');
  await page.getByLabel('Length').fill('41');
  await page.getByRole('button', { name: 'Rank candidates' }).click();
  const results = page.getByRole('region', { name: 'Results (not saved)' });
  await expect(results.getByRole('list', { name: 'Candidates' }).getByRole('heading', { level: 3 }).first()).toHaveText('1. Yard Supply House Brand 41');

  // Changed on the one form path: the whole line again, a new catalog version, still unverified.
  await page.goto('/shingle-catalog');
  await lines.getByRole('button', { name: 'Edit Yard Supply House Brand 41' }).click();
  const edit = page.getByRole('form', { name: 'Edit Yard Supply House Brand 41' });
  await expect(edit.getByLabel('Length')).toHaveValue('41');
  await edit.getByLabel('Product line').fill('House Brand 41 HD');
  await edit.getByLabel('Length').fill('41 1/2');
  await expectNoHorizontalOverflow(page, '/shingle-catalog editing a line');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  const changed = lines.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Yard Supply House Brand 41 HD' }) });
  await expect(changed).toContainText('Length 41-1/2 in');
  await expect(changed.getByText('unverified').first()).toBeVisible();

  await lines.getByRole('button', { name: 'Retire Yard Supply House Brand 41 HD' }).click();
  await expect(lines.getByRole('heading', { name: 'Yard Supply House Brand 41 HD' })).toHaveCount(0);
});

test('a platform admin changes a shared catalog line: the note changes, a new version, every verified mark kept', async ({ page }) => {
  const admin = await signedInUser(page, 'shingle-admin');
  await grantAdmin(admin.email);
  const versionOf = async () => ((await (await page.request.get('/api/shingles/catalog')).json()) as { version: number }).version;
  const before = await versionOf();
  await page.goto('/shingle-catalog');
  const lines = page.getByRole('list', { name: 'Catalog lines' });
  await page.getByLabel('Search maker or line').fill('Capstone');
  const line = lines.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Elk Capstone (Formula FLX)' }) });
  // Counted once the line is on the page (a count does not wait for it).
  await expect(line.getByRole('button', { name: 'Edit Elk Capstone (Formula FLX)' })).toBeVisible();
  const verifiedBefore = await line.getByText('verified', { exact: true }).count();
  const unverifiedBefore = await line.getByText('unverified', { exact: true }).count();
  await line.getByRole('button', { name: 'Edit Elk Capstone (Formula FLX)' }).click();
  const edit = page.getByRole('form', { name: 'Edit Elk Capstone (Formula FLX)' });
  await edit.getByLabel('Note').fill('Checked against a bundle wrapper in 2026');
  await expectNoHorizontalOverflow(page, '/shingle-catalog editing a shared line');
  await expectNoSeriousA11yViolations(page);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(line).toContainText('Checked against a bundle wrapper in 2026');
  await expect(line.getByText('verified', { exact: true })).toHaveCount(verifiedBefore);
  await expect(line.getByText('unverified', { exact: true })).toHaveCount(unverifiedBefore);
  // Versions are one sequence over every company's changes and the shared ones: a company's catalog
  // version only grows, by one or more (other companies' own changes take numbers too).
  expect(await versionOf()).toBeGreaterThan(before);
});
