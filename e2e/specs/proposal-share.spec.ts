import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { claimFileWithEstimate, openDocuments, setCompanyAddress } from '../support/documents';
import { collectErrors, signedInUser } from '../support/flows';

// A proposal from the claim file's estimate, signed by the homeowner through its link: the contractor
// builds good / better / best from a $10,000.00 estimate, raises the better option's price, and shares
// it; the homeowner, in a browser with no sign-in, picks Better, writes their name, draws a signature
// with the mouse and signs; the contractor sees it signed with the address and time; a revoked link
// then says it is no longer valid.

// The app logs this console error whenever it is not served over HTTPS, as in the e2e stack.
const NOT_HTTPS = 'console: Not served over HTTPS: sign-in cookies and claim data are not protected in transit.';
// Chromium logs every 4xx answer as a console error: the revoked link's 404 is the one expected.
const NOT_FOUND = /Failed to load resource: the server responded with a status of 404/;
const SESSION_PROBE = '/api/auth/get-session';
const unexpected = (errors: string[]) => errors.filter((error) => error !== NOT_HTTPS);

test('a homeowner picks an option and signs a proposal through its link; a revoked link is no longer valid', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const errors = collectErrors(page);
  await signedInUser(page, 'proposal');
  // The proposal's letterhead prints the company's address; the claim file has the homeowner's email,
  // so signing asks for none (the story of asking is documents-on-paper.spec.ts).
  await setCompanyAddress(page);
  const projectId = await claimFileWithEstimate(page, { homeownerEmail: 'pat.miller@example.com' });
  await openDocuments(page, projectId);

  // The proposal from the estimate, the better option's price raised.
  await page.getByRole('button', { name: 'New proposal' }).click();
  const dialog = page.getByRole('dialog', { name: 'New proposal' });
  await dialog.getByLabel('Estimate', { exact: true }).selectOption({ index: 1 });
  await dialog.getByRole('button', { name: 'Create proposal' }).click();
  const better = page.getByLabel('Better: price (dollars)');
  await expect(better).toHaveValue('11,200.00');
  await better.fill('12,345.00');
  await page.getByRole('button', { name: 'Save' }).click();
  const card = page.getByRole('article', { name: 'Proposal 1' });
  await expect(card.getByText('Better: $12,345.00')).toBeVisible();

  // Its PDF, made in the background, then downloaded.
  await card.getByRole('button', { name: 'Make PDF' }).click();
  const download = card.getByRole('link', { name: 'Download PDF' });
  await expect(download).toBeVisible({ timeout: 60_000 });
  const pdf = await page.request.get((await download.getAttribute('href')) ?? '');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // Shared with the homeowner: the link shown to copy.
  await card.getByRole('button', { name: 'Share with homeowner' }).click();
  const linkBox = card.getByLabel('Homeowner link');
  await expect(linkBox).toHaveValue(/\/share\//);
  const sharePath = new URL(await linkBox.inputValue()).pathname;

  // The homeowner: no sign-in, only the public endpoints called.
  const homeownerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const homeowner = await homeownerContext.newPage();
  const homeownerErrors = collectErrors(homeowner);
  const apiCalls: string[] = [];
  homeowner.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/')) apiCalls.push(path);
  });
  await homeowner.goto(sharePath);
  await expect(homeowner.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(homeowner.getByText('12 Oak Street', { exact: false }).first()).toBeVisible();
  await expect(homeowner.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', `/api/public${sharePath}/file`);
  const sign = homeowner.getByRole('button', { name: 'Sign proposal' });
  await expect(sign).toBeDisabled();
  await expectNoSeriousA11yViolations(homeowner);

  await homeowner.getByRole('radio', { name: 'Better: $12,345.00' }).check();
  await homeowner.getByLabel('Your full name').fill('Pat Miller');
  await expect(sign).toBeDisabled();
  const pad = homeowner.getByRole('img', { name: 'Signature pad' });
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('The signature pad is not on screen');
  await homeowner.mouse.move(box.x + 20, box.y + box.height * 0.6);
  await homeowner.mouse.down();
  for (let i = 1; i <= 12; i++) await homeowner.mouse.move(box.x + 20 + i * 20, box.y + box.height * (0.6 - 0.3 * Math.sin(i / 2)), { steps: 2 });
  await homeowner.mouse.up();
  await expect(sign).toBeEnabled();
  await sign.click();
  await expect(homeowner.getByRole('heading', { name: 'Thank you, Pat Miller. Your proposal is signed.' })).toBeVisible();
  await expect(homeowner.getByText('Better: Impact-resistant', { exact: false })).toBeVisible();
  await expectNoSeriousA11yViolations(homeowner);
  expect(apiCalls.length).toBeGreaterThan(0);
  // The page itself calls only the public endpoints; the app's providers around every page past the
  // landing ask once whether anyone is signed in (nobody is: no cookie in this browser).
  expect(apiCalls.filter((path) => !path.startsWith('/api/public/share/') && path !== SESSION_PROBE)).toEqual([]);
  expect(await homeownerContext.cookies()).toEqual([]);
  expect(unexpected(homeownerErrors)).toEqual([]);

  // The contractor sees it signed, with the address and the time.
  await openDocuments(page, projectId);
  const signed = page.getByRole('article', { name: 'Proposal 1' });
  await expect(signed.getByText('Signed', { exact: true })).toBeVisible();
  const record = signed.getByRole('region', { name: 'Signature' });
  await expect(record.getByText('Pat Miller', { exact: true })).toBeVisible();
  await expect(record.locator('dt:has-text("IP address") + dd')).toHaveText(/\d|:/);
  await expect(record.locator('dt:has-text("Signed at") + dd time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
  await expect(signed.getByText(/^Chosen: Better/)).toBeVisible();
  await expect(record.getByRole('img', { name: 'Signature of Pat Miller' })).toBeVisible();

  // Revoked (after a question): the homeowner's page, reloaded, says the link is no longer valid.
  const links = page.getByRole('region', { name: 'Share links' });
  const homeownerLink = links.getByRole('article', { name: /for the homeowner/ }).first();
  // Its view log: the homeowner's visits, with their browser.
  await homeownerLink.getByRole('button', { name: /^Views:/ }).click();
  await expect(homeownerLink.getByRole('table').getByRole('row').nth(1)).toContainText(/Chrome/);
  await homeownerLink.getByRole('button', { name: /^Revoke:/ }).click();
  await page.getByRole('dialog', { name: 'Revoke this link?' }).getByRole('button', { name: 'Revoke link' }).click();
  await expect(homeownerLink.getByText('Revoked', { exact: true })).toBeVisible();
  await homeowner.reload();
  await expect(homeowner.getByRole('heading', { level: 1, name: 'This link is no longer valid' })).toBeVisible();
  await expect(homeowner.getByText(/ask the person who sent it to you for a new link/i)).toBeVisible();
  await expectNoSeriousA11yViolations(homeowner);
  expect(unexpected(homeownerErrors).filter((e) => !NOT_FOUND.test(e))).toEqual([]);
  expect(unexpected(errors)).toEqual([]);
  await homeownerContext.close();
});
