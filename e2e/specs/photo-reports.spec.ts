import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { ORIGIN_HEADERS, signedInUser } from '../support/flows';
import { CLAIM_NUMBER, seedClaimWithPhotos, setCompanyAddress } from '../support/documents';

// A claim file (seeded through the API: an inspection with every required photo but the last, a hail
// close-up, converted into a claim file) gets its photo report from the Documents tab: the missing
// shot asks for a reason, the percent moves to ready, the PDF downloads (a real PDF with its pages
// and the reason printed) and is listed on /photo-reports. Then a claim packet with an edited cover
// letter: the downloaded PDF holds the edited sentence filled with the claim number.

const REASON = 'Trees block the south slope test square';
const LETTER_SENTENCE = 'Please reopen claim {{claim_number}} after the May storm.';

async function savedPdf(download: Download): Promise<string> {
  const path = await download.path();
  expect(readFileSync(path).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return path;
}

function pdfPages(path: string): number {
  const info = execFileSync('pdfinfo', [path], { encoding: 'utf8' });
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
}

/** The PDF's text with its line breaks and runs of spaces made single spaces. */
function pdfText(path: string): string {
  return execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

/** Follows a document's progress bar until its Download link shows, answering every percent seen. */
async function watchUntilReady(row: Locator): Promise<number[]> {
  const seen: number[] = [];
  const bar = row.getByRole('progressbar');
  const download = row.getByRole('link', { name: /^Download/ });
  await expect(async () => {
    if (await bar.isVisible()) {
      // A short wait: the bar goes away when the PDF is ready, and a read without one would wait forever.
      const text = await bar.getAttribute('aria-valuenow', { timeout: 100 }).catch(() => null);
      const value = text === null ? Number.NaN : Number(text);
      if (Number.isFinite(value) && seen.at(-1) !== value) seen.push(value);
    }
    await expect(download).toBeVisible({ timeout: 200 });
  }).toPass({ timeout: 90_000, intervals: [100] });
  return seen;
}

async function openDocumentsTab(page: Page, projectId: string): Promise<Locator> {
  await page.goto(`/projects/${projectId}`);
  await page.getByRole('tab', { name: 'Documents' }).click();
  const panel = page.getByRole('region', { name: 'Reports and packets' });
  await expect(panel).toBeVisible();
  return panel;
}

test.describe('photo reports and claim packets', () => {
  test.setTimeout(180_000);

  test('a photo report from the Documents tab with a missing shot, downloaded; a claim packet with an edited cover letter', async ({ page }) => {
    await signedInUser(page, 'reports');
    // The packet's letterhead prints the company's address (the missing-details prompt has its own story).
    await setCompanyAddress(page);
    const claim = await seedClaimWithPhotos(page, { leaveOut: 1 });

    // The photo report: 7 of 8 required photos; the reason is asked for before it is made.
    const panel = await openDocumentsTab(page, claim.projectId);
    await expect(panel.getByText('No documents yet')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await panel.getByRole('button', { name: 'Photo report', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Photo report' });
    await expect(dialog.getByText('7 of 8 required photos')).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Missing shots' }).getByRole('listitem')).toHaveCount(1);
    await expect(dialog.getByLabel('Photos per page')).toHaveValue('2');
    await dialog.getByRole('button', { name: 'Make report anyway' }).click();
    await expect(dialog.getByText('Say why the report is made without the missing photos.')).toBeVisible();
    await dialog.getByLabel('Why make the report without them?').fill(REASON);
    await dialog.getByRole('button', { name: 'Make report anyway' }).click();
    await expect(dialog).toBeHidden();

    const documents = panel.getByRole('list', { name: 'Documents of this claim file' });
    const reportRow = documents.getByRole('listitem').filter({ has: page.getByText('Photo report', { exact: true }) });
    await expect(reportRow).toHaveCount(1);
    const percents = await watchUntilReady(reportRow);
    // Whatever percents were caught on the way only ever grew.
    expect([...percents].sort((a, b) => a - b)).toEqual(percents);
    await expect(page.getByText(/is ready$/).first()).toBeVisible();
    await expect(reportRow.getByText('Ready', { exact: true })).toBeVisible();

    const downloading = page.waitForEvent('download');
    await reportRow.getByRole('link', { name: /^Download/ }).click();
    const reportPdf = await savedPdf(await downloading);
    const pages = pdfPages(reportPdf);
    expect(pages).toBeGreaterThanOrEqual(3);
    await expect(reportRow.getByText(`${pages} pages`)).toBeVisible();
    const reportText = pdfText(reportPdf);
    expect(reportText).toContain(REASON);
    expect(reportText).toContain(CLAIM_NUMBER);

    // The company's list shows it too, with what it was made from and its download.
    await page.goto('/photo-reports');
    await expect(page.getByRole('heading', { level: 1, name: 'Photo Reports' })).toBeVisible();
    const companyList = page.getByRole('list', { name: "Your company's reports" });
    await expect(companyList.getByRole('listitem')).toHaveCount(1);
    await expect(companyList.getByRole('link', { name: /^Download/ })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The claim packet: the cover letter edited, its preview filled with the claim number.
    const packetPanel = await openDocumentsTab(page, claim.projectId);
    await packetPanel.getByRole('button', { name: 'Claim packet' }).click();
    const packet = page.getByRole('dialog', { name: 'Claim packet' });
    // Exactly: while the letter loads, its placeholder is labelled "Loading the cover letter".
    const letter = packet.getByLabel('Cover letter', { exact: true });
    await expect(letter).not.toHaveValue('');
    await letter.fill(`To whom it may concern,\n\n${LETTER_SENTENCE}\n\nThank you.`);
    await expect(packet.getByTestId('cover-letter-preview')).toContainText(`Please reopen claim ${CLAIM_NUMBER} after the May storm.`);
    await packet.getByLabel('Why make the packet without them?').fill(REASON);
    await packet.getByRole('button', { name: 'Make packet anyway' }).click();
    await expect(packet).toBeHidden();

    const packetRow = packetPanel
      .getByRole('list', { name: 'Documents of this claim file' })
      .getByRole('listitem')
      .filter({ has: page.getByText('Claim packet', { exact: true }) });
    await watchUntilReady(packetRow);
    const packetDownloading = page.waitForEvent('download');
    await packetRow.getByRole('link', { name: /^Download/ }).click();
    const packetPdf = await savedPdf(await packetDownloading);
    expect(pdfPages(packetPdf)).toBeGreaterThan(pages - 1);
    const packetText = pdfText(packetPdf);
    expect(packetText).toContain(`Please reopen claim ${CLAIM_NUMBER} after the May storm.`);
    expect(packetText).toContain(REASON);
    await expectNoSeriousA11yViolations(page);
  });

  test('at 390 px /photo-reports is a list of cards with thumb-sized targets', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signedInUser(page, 'reports-phone');
    await page.goto('/photo-reports');
    await expect(page.getByText('No reports yet')).toBeVisible();
    const create = page.getByRole('button', { name: 'New photo report' }).first();
    expect((await create.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);

    // A report made through the API shows as a card no wider than the screen, its Download a 44 px target.
    const claim = await seedClaimWithPhotos(page);
    const made = await page.request.post('/api/reports', { headers: ORIGIN_HEADERS, data: { kind: 'photo', projectId: claim.projectId } });
    expect(made.status(), await made.text()).toBe(201);
    await page.reload();
    const card = page.getByRole('list', { name: "Your company's reports" }).getByRole('listitem');
    await expect(card).toHaveCount(1);
    await watchUntilReady(card);
    const box = await card.boundingBox();
    expect(box?.width ?? 999).toBeLessThanOrEqual(390);
    for (const target of [card.getByRole('link', { name: /^Download/ }), card.getByRole('button', { name: /^Delete/ })]) {
      expect((await target.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    }
    expect(await page.evaluate<number>(`document.documentElement.scrollWidth`)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);
  });
});
