import { expect, test, type Page } from '@playwright/test';
import { TEST_MODE_LABEL } from '@ridgeline/shared/domain/billing';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { signedInUser } from '../support/flows';
import { MAIL_API_PORT } from '../support/ports';
import { toastsGone } from '../support/toasts';

// Plans and the trial, in test mode (no Stripe key): a company in its free trial picks a plan on
// /pricing; a company whose trial ended is read-only (a banner, writes refused with the reason) until
// it chooses a plan, which unlocks it at once.

/** Ends the free trial of the user's company through the e2e stack's test-only control. */
async function endTrial(email: string): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${MAIL_API_PORT}/end-trial?email=${encodeURIComponent(email)}`, { method: 'POST' });
  if (!response.ok) throw new Error(`end-trial failed: ${await response.text()}`);
}

const planCard = (page: Page, name: string) => page.getByRole('group', { name });

async function fillNewProject(page: Page, title: string) {
  await page.goto('/projects/new');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Street').fill('7 Ridge Rd');
  await page.getByLabel('Homeowner name').fill(`${title} homeowner`);
  await page.getByRole('button', { name: 'Create claim file' }).click();
}

test.describe('plans and the trial', () => {
  test('a company in its free trial sees the plans in test mode and chooses Business', async ({ page }) => {
    await signedInUser(page, 'plans');
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
    await expect(page).toHaveTitle('Pricing - Ridgeline');
    await expect(page.getByText(TEST_MODE_LABEL)).toBeVisible();
    await expect(page.getByText(/Free trial: 14 days left, counted as Professional/)).toBeVisible();

    for (const [name, price, files] of [
      ['Starter', '$199', 'Up to 10 active files'],
      ['Professional', '$399', 'Up to 25 active files'],
      ['Business', '$599', 'Up to 50 active files'],
      ['Enterprise', '$999', 'Up to 125 active files'],
    ] as const) {
      const card = planCard(page, name);
      await expect(card).toContainText(price);
      await expect(card).toContainText('/month');
      await expect(card).toContainText(files);
      await expect(card).toContainText('Unlimited users');
      await expect(card.getByRole('button', { name: `Choose ${name}` })).toBeEnabled();
    }
    await expect(planCard(page, 'Professional').getByText('Most Popular')).toBeVisible();
    await expect(planCard(page, 'Starter').getByText('0 of 10 active files')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await planCard(page, 'Business').getByRole('button', { name: 'Choose Business' }).click();
    await expect(page.getByText('You are on the Business plan')).toBeVisible();
    await expect(planCard(page, 'Business').getByText('Current plan', { exact: true }).first()).toBeVisible();
    await expect(planCard(page, 'Business').getByRole('button', { name: 'Current plan' })).toBeDisabled();
    await expect(page.getByText(/Free trial:/)).toHaveCount(0);
    await expect(planCard(page, 'Enterprise').getByRole('button', { name: 'Choose Enterprise' })).toBeEnabled();

    // The choice holds on a fresh load: it is the server's state.
    await page.reload();
    await expect(planCard(page, 'Business').getByRole('button', { name: 'Current plan' })).toBeDisabled();
    await toastsGone(page);
    await expectNoSeriousA11yViolations(page);
  });

  test('a trial that ended shows the banner and refuses a new project until a plan is chosen', async ({ page }) => {
    const user = await signedInUser(page, 'ended');
    await endTrial(user.email);

    await page.goto('/dashboard');
    const banner = page.getByRole('alert').filter({ hasText: 'Your free trial has ended, so your company is read-only.' });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('Everything stays visible and exportable, and nothing has been deleted.');
    await expect(banner.getByRole('link', { name: 'Choose a plan' })).toHaveAttribute('href', '/pricing');
    await expectNoSeriousA11yViolations(page);

    // A write is refused with the reason; the form keeps what was typed.
    await fillNewProject(page, 'Locked roof');
    await expect(page.locator('main').getByText('Your free trial has ended, so your company is read-only.')).toBeVisible();
    await expect(page).toHaveURL(/\/projects\/new$/);
    await expect(page.getByLabel('Title')).toHaveValue('Locked roof');

    // Choosing a plan lifts it at once.
    await banner.getByRole('link', { name: 'Choose a plan' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByText(/Free trial:/)).toHaveCount(0);
    await planCard(page, 'Starter').getByRole('button', { name: 'Choose Starter' }).click();
    await expect(page.getByText('You are on the Starter plan')).toBeVisible();
    await expect(banner).toHaveCount(0);
    await expect(planCard(page, 'Starter').getByRole('button', { name: 'Current plan' })).toBeDisabled();

    await fillNewProject(page, 'Unlocked roof');
    await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Unlocked roof' })).toBeVisible();
  });
});

test.describe('pricing on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('reads at 390 px wide with thumb-sized Choose buttons and no sideways scrolling', async ({ page }) => {
    await signedInUser(page, 'plans-phone');
    await page.goto('/pricing');
    await expect(planCard(page, 'Enterprise')).toBeVisible();
    for (const name of ['Starter', 'Professional', 'Business', 'Enterprise']) {
      const box = await planCard(page, name)
        .getByRole('button', { name: `Choose ${name}` })
        .boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      expect(box?.width ?? 0).toBeGreaterThan(200);
    }
    expect(await page.evaluate<number>(`document.documentElement.scrollWidth`)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);
  });
});
