import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { claimFileWithEstimate } from '../support/documents';
import { signedInUser } from '../support/flows';
import { expectNoHorizontalOverflow, PHONES } from '../support/layout';
import { axeWithoutToasts } from '../support/toasts';

// A claim file's Money tab from the estimate to paid in full: the office enters the insurer's
// figures, the ACV check, the depreciation release it asked for and the homeowner's deductible, and
// the balance reconciles to $0.00; the claim file follows its ledger by itself (Depreciation
// requested, then Paid). The tab fits a phone and passes axe.

const form = (page: Page) => page.getByRole('form', { name: 'Add a money entry' });
const balance = (page: Page) => page.getByTestId('money-balance');

async function addFigure(page: Page, figure: string, dollars: string) {
  await form(page).getByLabel('What happened').selectOption('figure');
  await form(page).getByLabel('Figure', { exact: true }).selectOption(figure);
  await form(page).getByLabel('Amount ($)').fill(dollars);
  await form(page).getByRole('button', { name: 'Add entry' }).click();
}

async function addPayment(page: Page, what: 'payment_received' | 'payment_expected', type: string, dollars: string, date: string) {
  await form(page).getByLabel('What happened').selectOption(what);
  await form(page).getByLabel('Payment', { exact: true }).selectOption(type);
  await form(page).getByLabel('Amount ($)').fill(dollars);
  await form(page)
    .getByLabel(what === 'payment_received' ? 'Received on' : 'Expected by (optional)')
    .fill(date);
  await form(page).getByRole('button', { name: 'Add entry' }).click();
}

const currentStatus = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Status pipeline' }).getByRole('button', { name: `${name} (current status)` });
const figureRow = (page: Page, name: string) =>
  page
    .getByLabel('Figures')
    .locator('div')
    .filter({ has: page.getByText(name, { exact: true }) });

test.describe('the claim money ledger', () => {
  test('from the estimate to paid in full, reconciled to zero, on a desktop and a phone', async ({ page }) => {
    // The whole claim's money on two screen sizes with an axe check at the end: more than the suite's
    // default minute on a busy two-core machine.
    test.setTimeout(120_000);
    await signedInUser(page, 'money');
    // The estimate: one line of $10,000.00 (no depreciation); the claim file's deductible $1,000.00.
    const projectId = await claimFileWithEstimate(page, { deductibleCents: 100_000 });
    await page.goto(`/projects/${projectId}`);
    await page.getByRole('tab', { name: 'Money' }).click();
    await expect(balance(page)).toHaveText('$10,000.00');
    await expect(figureRow(page, 'RCV')).toContainText('from the estimate');
    await expect(figureRow(page, 'Deductible')).toContainText('from the claim file');

    // The insurer's figures: RCV $10,000.00 = ACV $8,000.00 + recoverable depreciation $2,000.00.
    await addFigure(page, 'rcv', '10,000.00');
    await expect(figureRow(page, 'RCV')).toContainText('approved');
    await addFigure(page, 'acv', '8000');
    // ACV + depreciation ($8,000.00 + $0.00 from the estimate) is $2,000.00 away from the RCV until the depreciation is entered.
    await expect(page.getByText('ACV plus depreciation is $2,000.00 away from the RCV.')).toBeVisible();
    await addFigure(page, 'recoverable_depreciation', '2,000');
    await expect(page.getByText('Why it does not balance')).toBeHidden();

    // The ACV check: ACV - deductible = $7,000.00; $10,000.00 - $7,000.00 = $3,000.00 left.
    await addPayment(page, 'payment_received', 'acv_check', '7,000.00', '2026-11-02');
    await expect(balance(page)).toHaveText('$3,000.00');

    // The depreciation is asked for: the server moves the claim file on by itself (its figures had
    // made it Approved), and the page follows without a reload; the tab has nothing left to offer.
    await addPayment(page, 'payment_expected', 'depreciation_release', '2,000.00', '2026-12-15');
    await expect(currentStatus(page, 'Depreciation requested')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Move to Depreciation requested' })).toBeHidden();

    await addPayment(page, 'payment_received', 'depreciation_release', '2,000.00', '2026-11-20');
    await expect(balance(page)).toHaveText('$1,000.00');
    await addPayment(page, 'payment_received', 'deductible', '1,000.00', '2026-11-21');
    await expect(balance(page)).toHaveText('$0.00');
    await expect(page.getByText('Paid in full')).toBeVisible();
    await expect(figureRow(page, 'Total due')).toContainText('$10,000.00');
    // The release received settled the release expected.
    await expect(figureRow(page, 'Payments expected')).toContainText('$0.00');
    // Paid in full: the claim file is Paid, by itself.
    await expect(currentStatus(page, 'Paid')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Move to Paid' })).toBeHidden();
    await expect(page.getByRole('list', { name: 'Entries, oldest first' }).getByRole('listitem')).toHaveCount(7);

    await axeWithoutToasts(page);

    for (const phone of PHONES) {
      await page.setViewportSize(phone);
      await page.reload();
      await expect(balance(page)).toHaveText('$0.00');
      await expectNoHorizontalOverflow(page, `Money tab at ${phone.width} px`);
      await expectNoSeriousA11yViolations(page);
    }
  });
});
