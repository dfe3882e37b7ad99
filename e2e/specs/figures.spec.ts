import { expect, test, type Page } from '@playwright/test';
import { claimFileWithEstimate, openDocuments, setCompanyAddress } from '../support/documents';
import { ORIGIN_HEADERS, signedInUser } from '../support/flows';
import { expectNoHorizontalOverflow, PHONES } from '../support/layout';

// The figures agree (issue 36 §2): a proposal says our estimate is ours until the insurer approves a
// figure on the Money tab, then states the insurer's RCV plus approved supplements; its good option
// is our estimate to the cent (no rounding remainder charged). The Money tab warns at entry about a
// check dated in the future and records it as expected; a supplement with no answer is called out.
// Both on a 360 px and a 390 px phone.

async function ledgerEntry(page: Page, projectId: string, data: Record<string, unknown>) {
  const response = await page.request.post(`/api/projects/${projectId}/ledger/entries`, { headers: ORIGIN_HEADERS, data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { entries: { id: string; kind: string; label: string | null }[] };
}

/** A day `days` from today in this machine's calendar (the browser's), as YYYY-MM-DD. */
function dayFromToday(days: number): string {
  const now = new Date();
  const at = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
}

test('the proposal states our estimate as ours, then the insurer’s approved figure from the Money tab, on a phone', async ({ page }) => {
  test.setTimeout(120_000);
  await signedInUser(page, 'figures-proposal');
  await setCompanyAddress(page);
  // Our estimate: $20,396.60; the claim file's deductible $1,000.00.
  const projectId = await claimFileWithEstimate(page, { deductibleCents: 100_000 }, { unitPriceCents: 2_039_660 });
  await openDocuments(page, projectId);
  await page.getByRole('button', { name: 'New proposal' }).click();
  const dialog = page.getByRole('dialog', { name: 'New proposal' });
  await dialog.getByLabel('Estimate', { exact: true }).selectOption({ index: 1 });
  await dialog.getByRole('button', { name: 'Create proposal' }).click();
  // The good option is our estimate to the cent, not rounded to $20,397.00.
  await expect(page.getByLabel('Good: price (dollars)')).toHaveValue('20,396.60');
  await page.getByRole('button', { name: 'Save' }).click();
  const card = page.getByRole('article', { name: 'Proposal 1' });
  await expect(card.getByTestId('proposal-approved')).toHaveText('Our estimate, not yet approved by your insurance: $20,396.60');
  await expect(card.getByText('Insurance would pay $19,396.60 · Homeowner pays $1,000.00')).toBeVisible();
  await expect(card.getByText(/^Approved by your insurance/)).toHaveCount(0);

  // The insurer approves RCV $18,400.00 and a $3,200.00 supplement; another supplement waits.
  await ledgerEntry(page, projectId, { kind: 'figure', figure: 'rcv', amountCents: 1_840_000 });
  const drip = (await ledgerEntry(page, projectId, { kind: 'supplement_requested', label: 'Drip edge', amountCents: 320_000 })).entries.find(
    (e) => e.label === 'Drip edge',
  );
  await ledgerEntry(page, projectId, { kind: 'supplement_approved', supplementId: drip?.id, amountCents: 320_000 });
  await ledgerEntry(page, projectId, { kind: 'supplement_requested', label: 'Ice barrier', amountCents: 733_839 });

  for (const phone of PHONES) {
    await page.setViewportSize(phone);
    await openDocuments(page, projectId);
    await expect(card.getByTestId('proposal-approved')).toHaveText(
      'Approved by your insurance: $21,600.00 (from the Money tab: RCV plus approved supplements)',
    );
    await card.getByTestId('proposal-approved').scrollIntoViewIfNeeded();
    await expect(card.getByTestId('proposal-approved')).toBeInViewport();
    await expectNoHorizontalOverflow(page, `Proposal at ${phone.width} px`);
  }
});

test('the Money tab warns at entry about a check dated in the future and records it as expected; a supplement with no answer is called out', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signedInUser(page, 'figures-money');
  const projectId = await claimFileWithEstimate(page, { deductibleCents: 100_000 });
  await ledgerEntry(page, projectId, { kind: 'supplement_requested', label: 'Ice barrier', amountCents: 733_839 });
  const ahead = dayFromToday(19);

  for (const phone of PHONES) {
    await page.setViewportSize(phone);
    await page.goto(`/projects/${projectId}`);
    await page.getByRole('tab', { name: 'Money' }).click();
    await expect(page.getByTestId('pending-supplement')).toContainText('Supplement "Ice barrier" ($7,338.39) is neither approved nor denied.');
    const form = page.getByRole('form', { name: 'Add a money entry' });
    await form.getByLabel('What happened').selectOption('payment_received');
    await form.getByLabel('Amount ($)').fill('3,200.00');
    await form.getByLabel('Received on').fill(ahead);
    const warning = page.getByTestId('future-check-warning');
    await expect(warning).toContainText('Dated in 19 days: record it as expected?');
    await warning.scrollIntoViewIfNeeded();
    await expect(warning.getByRole('button', { name: 'Record it as expected' })).toBeInViewport();
    await expectNoHorizontalOverflow(page, `Money tab at ${phone.width} px`);
  }

  const form = page.getByRole('form', { name: 'Add a money entry' });
  await page.getByRole('button', { name: 'Record it as expected' }).click();
  await expect(form.getByLabel('What happened')).toHaveValue('payment_expected');
  await expect(page.getByTestId('future-check-warning')).toHaveCount(0);
  await form.getByRole('button', { name: 'Add entry' }).click();
  const entries = page.getByRole('list', { name: 'Entries, oldest first' });
  await expect(entries.getByText('Payment expected: Insurer ACV check, $3,200.00')).toBeVisible();
  // Expected, not received: nothing received, the balance unchanged.
  await expect(page.getByTestId('money-balance')).toHaveText('$10,000.00');
});
