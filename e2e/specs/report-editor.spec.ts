import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { ORIGIN_HEADERS, signedInUser } from '../support/flows';
import { createInspection, REQUIRED_PHOTOS, uploadPhotos } from '../support/inspection-seed';

// The advanced report editor against the real server and engine: a claim file (an inspection with
// every required photo, converted) gets a new advanced report; in the editor a photo is dragged with
// the mouse and another moved with the keyboard, a section's layout and captions are changed, and a
// reload keeps it all. A second browser saving the same draft after the first is refused with the
// server's words. Rendered, downloaded, the PDF's text has the captions in the new order.

/** A claim file made from an inspection with the eight required photos; answers its id. */
async function seedClaimFile(page: Page): Promise<string> {
  const sessionId = await createInspection(page, { north: 9, south: 4 });
  await uploadPhotos(page, sessionId, REQUIRED_PHOTOS);
  const converted = await page.request.post(`/api/inspections/${sessionId}/convert`, { headers: ORIGIN_HEADERS, data: { mode: 'new' } });
  expect(converted.status(), await converted.text()).toBe(201);
  return ((await converted.json()) as { projectId: string }).projectId;
}

function pdfText(path: string): string {
  return execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

const section = (page: Page, title: string) => page.getByRole('listitem', { name: `Section ${title}` });
const saved = (page: Page) => expect(page.getByTestId('save-state')).toHaveText(/^Saved /, { timeout: 15_000 });

/** Drags `handle` onto the middle of `target` with the mouse, in small steps as a hand would. */
async function dragWithMouse(page: Page, handle: Locator, target: Locator): Promise<void> {
  await handle.evaluate((e) => e.scrollIntoView({ block: 'center', behavior: 'instant' }));
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('Nothing to drag');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
  await page.mouse.move(to.x + to.width / 2 + 2, to.y + to.height / 2 + 2, { steps: 2 });
  await page.mouse.up();
}

test.describe('advanced report editor', () => {
  test.setTimeout(180_000);

  test('arrange a report by mouse and keyboard, keep it through a reload, refuse a stale save, render and download', async ({ page, browser }) => {
    await signedInUser(page, 'editor');
    const projectId = await seedClaimFile(page);

    await page.goto('/advanced-photo-reports');
    await expect(page.getByText('No advanced reports yet')).toBeVisible();
    await page.getByRole('link', { name: 'New report' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New Advanced Photo Report' })).toBeVisible();
    await expect(page.getByLabel('Claim file', { exact: true }).locator(`option[value="${projectId}"]`)).toHaveCount(1);
    await page.getByLabel('Claim file', { exact: true }).selectOption(projectId);
    await page.getByLabel('Title', { exact: true }).fill('Miller hail report');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/advanced-photo-reports\/[0-9a-f-]{36}\/edit$/);
    const editorUrl = page.url();

    // The draft starts in the order adjusters read: overview (2), front, rear, slope N (2), slope S (2).
    await expect(page.getByRole('listitem', { name: /^Section / })).toHaveCount(5);
    // The cover, the photo pages (two a page: the overview; front and rear sharing one; slope N; slope S), the appendix.
    await expect(page.getByTestId('page-count')).toHaveText('6 pages');
    const captions = ['Alpha house', 'Bravo address', 'Charlie front', 'Delta rear', 'Echo slope N', 'Foxtrot square N', 'Golf slope S', 'Hotel square S'];
    for (const [i, caption] of captions.entries()) await page.getByLabel(`Caption of photo ${i + 1}`).fill(caption);
    await saved(page);
    await expectNoSeriousA11yViolations(page);

    // The mouse: Alpha dragged onto Bravo's place.
    const overview = section(page, 'Overview');
    await dragWithMouse(page, page.getByRole('button', { name: 'Move photo Alpha house', exact: true }), overview.getByTestId('report-photo').nth(1));
    await expect(page.getByLabel('Caption of photo 1')).toHaveValue('Bravo address');
    await expect(page.getByLabel('Caption of photo 2')).toHaveValue('Alpha house');

    // The keyboard: Foxtrot picked up, moved left before Echo, dropped.
    const handle = page.getByRole('button', { name: 'Move photo Foxtrot square N', exact: true });
    await handle.evaluate((e) => e.scrollIntoView({ block: 'center', behavior: 'instant' }));
    await handle.focus();
    // Each step is announced to screen readers; the next key waits for it, as a listener would.
    const announced = (text: string) => expect(page.locator('[id^="DndLiveRegion"]')).toContainText(text);
    await page.keyboard.press('Space');
    await announced('Picked up photo Foxtrot square N, at position 2 of 2 in section Roof slope N.');
    await page.keyboard.press('ArrowLeft');
    await announced('photo Foxtrot square N is over position 1 of 2 in section Roof slope N.');
    await page.keyboard.press('Space');
    await announced('Dropped photo Foxtrot square N at position 1 of 2 in section Roof slope N.');
    await expect(page.getByLabel('Caption of photo 5')).toHaveValue('Foxtrot square N');
    await expect(page.getByLabel('Caption of photo 6')).toHaveValue('Echo slope N');

    // One photo a page for slope S: one more page.
    await section(page, 'Roof slope S').getByLabel('Photos per page').selectOption('1');
    await expect(page.getByTestId('page-count')).toHaveText('7 pages');
    await page.getByLabel('Caption of photo 3').fill('Charlie front, dented siding');
    await saved(page);

    await page.reload();
    await expect(page.getByLabel('Caption of photo 1')).toHaveValue('Bravo address');
    await expect(page.getByLabel('Caption of photo 2')).toHaveValue('Alpha house');
    await expect(page.getByLabel('Caption of photo 3')).toHaveValue('Charlie front, dented siding');
    await expect(page.getByLabel('Caption of photo 5')).toHaveValue('Foxtrot square N');
    await expect(section(page, 'Roof slope S').getByLabel('Photos per page')).toHaveValue('1');
    await expect(page.getByTestId('page-count')).toHaveText('7 pages');

    // A second browser opens the same draft; the first saves; the second's save is refused.
    const other = await browser.newContext({ storageState: await page.context().storageState() });
    const second = await other.newPage();
    await second.goto(editorUrl);
    await expect(second.getByLabel('Caption of photo 4')).toHaveValue('Delta rear');
    await page.getByLabel('Caption of photo 4').fill('Delta rear, first browser');
    await saved(page);
    await second.getByLabel('Caption of photo 4').fill('Delta rear, second browser');
    const refusal = second.getByRole('alert').filter({ hasText: 'saved this draft at' });
    await expect(refusal).toBeVisible({ timeout: 15_000 });
    await expect(refusal.getByRole('button', { name: 'Reload draft' })).toBeVisible();
    await refusal.getByRole('button', { name: 'Reload draft' }).click();
    await expect(second.getByLabel('Caption of photo 4')).toHaveValue('Delta rear, first browser');
    await other.close();

    // Render, follow it to ready, download: the captions in the new order.
    await page.reload();
    await expect(page.getByLabel('Caption of photo 4')).toHaveValue('Delta rear, first browser');
    await page.getByRole('button', { name: 'Render PDF' }).click();
    const download = page.getByRole('link', { name: 'Download' });
    await expect(download).toBeVisible({ timeout: 90_000 });
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const path = await file.path();
    expect(readFileSync(path).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(path);
    const order = [
      'Bravo address',
      'Alpha house',
      'Charlie front, dented siding',
      'Delta rear, first browser',
      'Foxtrot square N',
      'Echo slope N',
      'Golf slope S',
      'Hotel square S',
    ];
    // The photo pages, after the cover: the cover shows the front-of-house photo with its caption,
    // whichever place it holds, and the two overview photos' first order depends on their upload.
    const pages = text.slice(text.indexOf('page 1 of'));
    const at = order.map((caption) => pages.indexOf(caption));
    expect(
      at.every((i) => i >= 0),
      `captions in the PDF: ${JSON.stringify(at)}`,
    ).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(text).not.toContain('second browser');

    await page.goto('/advanced-photo-reports');
    const row = page.getByRole('listitem', { name: 'Miller hail report' });
    await expect(row.getByText('Ready')).toBeVisible();
    await expect(row.getByRole('link', { name: 'Download Miller hail report' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('on a phone the editor is one column with 44 px targets, and passes the axe check', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signedInUser(page, 'editor-phone');
    const projectId = await seedClaimFile(page);
    const created = await page.request.post('/api/reports', { headers: ORIGIN_HEADERS, data: { kind: 'advanced', projectId, title: 'Phone report' } });
    expect(created.status(), await created.text()).toBe(201);
    const { report } = (await created.json()) as { report: { id: string } };
    await page.goto(`/advanced-photo-reports/${report.id}/edit`);
    await expect(page.getByRole('listitem', { name: /^Section / })).toHaveCount(5);
    // The preview comes under the sections, not beside them.
    const sections = await page.getByRole('list', { name: 'Sections' }).boundingBox();
    const preview = await page.getByRole('list', { name: 'Pages' }).boundingBox();
    expect(sections && preview && preview.y > sections.y + sections.height - 1).toBe(true);
    for (const name of [
      'Move photo 1',
      'Move photo 1 down',
      'Remove photo 1',
      'Move section Overview',
      'Move section Overview down',
      'Add photos',
      'Render PDF',
    ]) {
      const box = await page.getByRole('button', { name, exact: true }).boundingBox();
      expect(box && box.height >= 44 && box.width >= 44, `${name}: ${JSON.stringify(box)}`).toBe(true);
    }
    // Move down on a phone: photo 1 becomes photo 2.
    await page.getByLabel('Caption of photo 1').fill('First on the phone');
    await page.getByRole('button', { name: 'Move photo First on the phone down', exact: true }).click();
    await expect(page.getByLabel('Caption of photo 2')).toHaveValue('First on the phone');
    await expect(page.getByTestId('save-state')).toHaveText(/^Saved /, { timeout: 15_000 });
    await expectNoSeriousA11yViolations(page);
    await page.goto('/advanced-photo-reports/new');
    await expect(page.getByRole('heading', { level: 1, name: 'New Advanced Photo Report' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('an id that is not a report shows Report not found', async ({ page }) => {
    await signedInUser(page, 'editor-404');
    await page.goto('/advanced-photo-reports/1/edit');
    await expect(page.getByRole('heading', { level: 1, name: 'Report not found' })).toBeVisible();
    await page.goto('/advanced-photo-reports/7c0f4e2a-1b2c-4d3e-8f40-000000000001/edit');
    await expect(page.getByRole('heading', { level: 1, name: 'Report not found' })).toBeVisible();
  });
});
