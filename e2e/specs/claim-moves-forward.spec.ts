import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { newClaimFile } from '../support/documents';
import { signedInUser } from '../support/flows';
import { createInspection } from '../support/inspection-seed';
import { expectNoHorizontalOverflow, PHONES } from '../support/layout';

// The claim file moves forward by itself: an inspection completed on it takes it to Inspected (the
// timeline names the cause), "Mark claim filed" to Claim filed; a company that chose "suggest" gets
// the move its ledger causes offered on the claim file, one click to accept. On a phone, at 360 and
// 390 px, against the real server.

const pipeline = (page: Page) => page.getByRole('list', { name: 'Status pipeline' });
const current = (page: Page, name: string) => pipeline(page).getByRole('button', { name: `${name} (current status)` });

test.describe('the claim file moves forward by itself', () => {
  for (const phone of PHONES) {
    test(`an inspection completed, then marked filed, at ${phone.width} px`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize(phone);
      await signedInUser(page, `forward-${phone.width}`);
      const projectId = await newClaimFile(page);
      const sessionId = await createInspection(page, { north: 3, south: 2, projectId });

      // The inspection says what is still missing, and can be completed anyway.
      await page.goto(`/field-inspection/${sessionId}`);
      const complete = page.getByRole('region', { name: 'Complete the inspection' });
      await expect(complete.getByRole('list', { name: 'Still missing' })).toBeVisible();
      await expectNoHorizontalOverflow(page, `inspection overview at ${phone.width} px`);
      await complete.getByRole('button', { name: 'Complete anyway' }).click();
      await expect(page.getByRole('region', { name: 'Completion' }).getByRole('button', { name: 'Reopen the inspection' })).toBeVisible();

      // The claim file followed on the server: Inspected, the cause on its timeline.
      await page.goto(`/projects/${projectId}`);
      await expect(current(page, 'Inspected')).toBeVisible({ timeout: 20_000 });
      await expect(page.getByText('The claim file moved from Lead to Inspected because the inspection was completed')).toBeVisible();

      // Filed with the insurer by phone: one button.
      await page.getByRole('button', { name: 'Mark claim filed' }).click();
      await expect(current(page, 'Claim filed')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Mark claim filed' })).toBeHidden();
      await expect(page.getByText('because the claim was marked filed with the insurer')).toBeVisible();
      await expectNoHorizontalOverflow(page, `claim file at ${phone.width} px`);
      await expectNoSeriousA11yViolations(page);
    });
  }

  test('"suggest": the ledger offers the move on the claim file, accepted in one click (360 px)', async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(PHONES[0]);
    await signedInUser(page, 'forward-suggest');
    await page.goto('/settings?section=pipeline');
    await page.getByRole('radio', { name: 'Suggest the move, one click to accept' }).check();
    await page.getByRole('button', { name: 'Save status moves' }).click();
    await expect(page.getByText('Status moves saved')).toBeVisible();

    const projectId = await newClaimFile(page);
    await page.goto(`/projects/${projectId}?tab=money`);
    const form = page.getByRole('form', { name: 'Add a money entry' });
    await form.getByLabel('What happened').selectOption('figure');
    await form.getByLabel('Figure', { exact: true }).selectOption('rcv');
    await form.getByLabel('Amount ($)').fill('12,000.00');
    await form.getByRole('button', { name: 'Add entry' }).click();

    // The server offers the move (the page hears of it without a reload); the file stays a Lead until accepted.
    const offer = page.getByTestId('status-suggestion');
    await expect(offer).toContainText("Suggested: move to Approved, because the insurer's approved figures were entered.", { timeout: 20_000 });
    await expect(current(page, 'Lead')).toBeVisible();
    await expectNoHorizontalOverflow(page, 'the move offered at 360 px');
    await offer.getByRole('button', { name: 'Move to Approved' }).click();
    await expect(current(page, 'Approved')).toBeVisible();
    await expect(offer).toBeHidden();
  });
});
