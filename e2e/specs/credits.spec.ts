import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { TEST_MODE_LABEL } from '@ridgeline/shared/domain/billing';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { companyOfColleagues } from '../support/chat';
import { signedInUser } from '../support/flows';
import { toastsGone } from '../support/toasts';

// Credits on /credits: an owner buys a pack (test mode: added at once, nothing charged, confirmed on
// /credits-success as a paid purchase is), sees the balance and the purchase in the ledger, filters
// it and exports it; a member sees the balance and the ledger, and who to ask for credits.

/** The ledger's rows as shown at this width: the table on a wide screen, the cards on a phone. */
function ledgerRows(page: Page) {
  const wide = (page.viewportSize()?.width ?? 1280) >= 768;
  return wide ? page.getByTestId('credit-ledger-table').locator('tbody tr') : page.getByRole('list', { name: 'Credit ledger' }).getByRole('listitem');
}

async function buyTenCredits(page: Page) {
  await page.goto('/credits');
  await expect(page.getByRole('heading', { level: 1, name: 'Credits' })).toBeVisible();
  await expect(page).toHaveTitle('Credits - Ridgeline');
  await expect(page.getByTestId('credit-balance')).toHaveText('0');
  await expect(page.getByTestId('test-mode-label')).toHaveText(TEST_MODE_LABEL);
  await expect(page.getByText('No credit activity yet')).toBeVisible();

  const pack = page.getByTestId('credit-pack-pack_10');
  await expect(pack).toContainText('10 credits');
  await expect(pack).toContainText('$240');
  await expect(pack).toContainText('$24 per credit');
  await page.getByRole('button', { name: 'Buy 10 credits for $240' }).click();
  // Test mode walks the path of a paid purchase: /credits-success confirms it from the server.
  await expect(page).toHaveURL(/\/credits-success\?session_id=test_[0-9a-f-]{36}$/);
  await expect(page.getByTestId('credits-added')).toHaveText('10 credits added. Your balance is 10.');
  await expect(page.getByText('Test mode: no card was charged.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to credits' }).click();
  await expect(page.getByTestId('credit-balance')).toHaveText('10');
}

test.describe('credits', () => {
  test('an owner buys 10 credits in test mode, sees the purchase in the ledger, filters it and exports the CSV', async ({ page }) => {
    const owner = await signedInUser(page, 'credits-owner');
    await buyTenCredits(page);

    const rows = ledgerRows(page);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Purchase');
    await expect(rows.first()).toContainText('+10');
    await expect(rows.first()).toContainText('Bought 10 credits (test mode)');
    await expect(rows.first()).toContainText(`${owner.firstName} ${owner.lastName}`);
    await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();

    // Filter by kind: no spends yet, then purchases again.
    await page.getByLabel('Kind', { exact: true }).selectOption({ label: 'Spend' });
    await expect(page.getByText('No entries match these filters')).toBeVisible();
    await page.getByLabel('Kind', { exact: true }).selectOption({ label: 'Purchase' });
    await expect(rows).toHaveCount(1);
    // Today's days include the purchase; a day long past does not.
    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel('From', { exact: true }).fill(today);
    await expect(rows).toHaveCount(1);
    await page.getByLabel('To', { exact: true }).fill('2030-01-01');
    await page.getByLabel('From', { exact: true }).fill('2029-12-31');
    await expect(page.getByText('No entries match these filters')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(rows).toHaveCount(1);

    await toastsGone(page);
    await expectNoSeriousA11yViolations(page);

    // The CSV has the header and the purchase, named after the company and the day.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    const slug = owner.companyName.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    expect(download.suggestedFilename()).toMatch(new RegExp(`^credits-${slug}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const csv = (await readFile((await download.path()) ?? '', 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('"Date","Kind","Credits","Balance","Reason","By","Claim file"');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      new RegExp(`^"\\d{4}-\\d{2}-\\d{2}T[^"]+","Purchase","10","10","Bought 10 credits \\(test mode\\)","${owner.firstName} ${owner.lastName}",""$`),
    );
  });

  test('a member sees the balance and the ledger but no Buy button, and who can buy', async ({ page, browser }) => {
    const { owner, colleagues } = await companyOfColleagues(browser, page, 1);
    const member = colleagues[0];
    if (!member) throw new Error('no colleague');
    await buyTenCredits(page);

    await member.page.goto('/credits');
    await expect(member.page.getByTestId('credit-balance')).toHaveText('10');
    await expect(member.page.getByRole('button', { name: /^Buy/ })).toHaveCount(0);
    await expect(member.page.getByTestId('credit-pack-pack_5')).toContainText('$125');
    await expect(member.page.getByTestId('who-can-buy')).toContainText("Only your company's owners can buy credits.");
    await expect(member.page.getByTestId('who-can-buy')).toContainText(`Ask ${owner.name} (${owner.user.email}).`);
    await expect(ledgerRows(member.page)).toHaveCount(1);
    await expectNoSeriousA11yViolations(member.page);
    await member.context.close();
  });

  test('an unknown purchase on /credits-success is said honestly', async ({ page }) => {
    await signedInUser(page, 'credits-unknown');
    await page.goto('/credits-success?session_id=cs_test_unknown');
    await expect(page.getByTestId('checkout-unknown')).toContainText('We found no purchase of your company for this link');
    await expect(page.getByRole('link', { name: 'Go to credits' })).toBeVisible();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('buys credits and reads the ledger as cards at 390 px', async ({ page }) => {
      await signedInUser(page, 'credits-phone');
      await buyTenCredits(page);
      await expect(page.getByTestId('credit-ledger-table')).toBeHidden();
      const cards = ledgerRows(page);
      await expect(cards).toHaveCount(1);
      await expect(cards.first()).toContainText('+10 · Bought 10 credits (test mode)');
      // Nothing is wider than the screen.
      expect(await page.evaluate<number>(`document.documentElement.scrollWidth`)).toBeLessThanOrEqual(390);
      // The Buy buttons are thumb-sized.
      const box = await page.getByRole('button', { name: 'Buy 5 credits for $125' }).boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      await toastsGone(page);
      await expectNoSeriousA11yViolations(page);
    });

    test('in test mode a purchase lands on /credits-success, /payments shows its price and /pricing the trial plan', async ({ page }) => {
      await signedInUser(page, 'credits-path');
      await buyTenCredits(page);
      await page.goto('/payments');
      const purchase = page.getByRole('list', { name: 'Credit purchases' }).getByRole('listitem').first();
      await expect(purchase).toContainText('Bought 10 credits (test mode)');
      await expect(purchase.getByText('$240', { exact: true })).toBeVisible();
      expect(await page.evaluate<number>(`document.documentElement.scrollWidth`)).toBeLessThanOrEqual(390);

      await page.goto('/pricing');
      const professional = page.getByRole('group', { name: 'Professional' });
      await expect(professional.getByText('Current plan: Trial')).toBeVisible();
      await expect(professional.getByRole('button', { name: 'Choose Professional' })).toBeEnabled();
      await expect(page.getByRole('group', { name: 'Business' }).getByText(/Current plan/)).toHaveCount(0);
      await toastsGone(page);
      await expectNoSeriousA11yViolations(page);
    });
  });
});
