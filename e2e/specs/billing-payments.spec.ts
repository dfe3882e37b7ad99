import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { ORIGIN_HEADERS, signedInUser } from '../support/flows';
import { TEST_MODE_LABEL } from '@ridgeline/shared/domain/billing';

// Payments in test mode (no Stripe key): an owner picks a plan and reads it on /payments with its
// test-mode invoice (a table on a wide screen, cards on a phone); credits bought show on the
// success page and in the purchases; /payment-success never trusts the URL alone.

async function choosePlan(page: Page, plan: string) {
  const response = await page.request.post('/api/billing/plan', { headers: ORIGIN_HEADERS, data: { plan } });
  expect(response.status(), await response.text()).toBe(200);
  expect(await response.json()).toMatchObject({ outcome: 'applied', billing: { plan, status: 'active', mode: 'test' } });
}

test.describe('payments', () => {
  test('an owner picks Business in test mode and reads the plan and its invoice on /payments', async ({ page }) => {
    await signedInUser(page, 'payments');
    await choosePlan(page, 'business');

    await page.goto('/payments');
    await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
    await expect(page).toHaveTitle('Payments - Ridgeline');
    await expect(page.getByTestId('test-mode-label')).toHaveText(TEST_MODE_LABEL);

    const subscription = page.getByRole('region', { name: 'Subscription' });
    await expect(subscription.getByText('Business', { exact: true })).toBeVisible();
    await expect(subscription.getByText('Active', { exact: true })).toBeVisible();
    await expect(subscription.getByText('Next renewal')).toBeVisible();

    const method = page.getByRole('region', { name: 'Payment method' });
    await expect(method.getByText('There is no payment portal in test mode: no card is on file and nothing is charged.')).toBeVisible();
    await expect(method.getByRole('button', { name: 'Manage cards and invoices' })).toHaveCount(0);

    const invoices = page.getByRole('region', { name: 'Invoices' });
    const row = invoices.getByRole('row').filter({ hasText: 'Business plan' });
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell', { name: '$599', exact: true })).toBeVisible();
    await expect(row.getByText('Paid', { exact: true })).toBeVisible();
    await expect(row.getByText('Test mode', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // On a phone the invoices are cards, and the page reads at 390 px without sideways scrolling.
    await page.setViewportSize({ width: 390, height: 844 });
    const card = page.getByRole('list', { name: 'Invoices' }).getByRole('listitem').filter({ hasText: 'Business plan' });
    await expect(card.getByText('$599', { exact: true })).toBeVisible();
    await expect(page.getByRole('table')).toBeHidden();
    expect(await page.evaluate<number>(`document.documentElement.scrollWidth`)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);
  });

  test('credits bought in test mode are confirmed on /payment-success from the server and listed on /payments', async ({ page }) => {
    await signedInUser(page, 'payments-credits');
    const bought = await page.request.post('/api/credits/purchase', { headers: ORIGIN_HEADERS, data: { pack: 'pack_10' } });
    expect(bought.status(), await bought.text()).toBe(200);
    const { checkoutId } = (await bought.json()) as { checkoutId: string };

    await page.goto(`/payment-success?session_id=${encodeURIComponent(checkoutId)}`);
    await expect(page.getByRole('heading', { name: '10 credits added' })).toBeVisible();
    await expect(page.getByText('Test mode: nothing was charged.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'See payments' }).click();
    await expect(page).toHaveURL(/\/payments$/);
    const purchases = page.getByRole('list', { name: 'Credit purchases' });
    await expect(purchases.getByText(/Bought 10 credits/)).toBeVisible();
    await expect(purchases.getByText(/\+10 credits/)).toBeVisible();
  });

  test('/payment-success without a payment, or with one the company does not have, says so and points to the plans', async ({ page }) => {
    await signedInUser(page, 'payments-unknown');

    await page.goto('/payment-success');
    await expect(page.getByRole('heading', { name: 'We could not find this payment' })).toBeVisible();

    await page.goto('/payment-success?session_id=cs_test_a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6q7r8s9t0u1v2w3x4y5z6A7B8C9D0E1F2');
    await expect(page.getByRole('heading', { name: 'We could not find this payment' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /You're on the/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'See plans' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
  });
});
