import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { ORIGIN_HEADERS, signedInUser } from '../support/flows';
import { toastsGone } from '../support/toasts';

// Service orders on a claim file: an owner buys credits on /credits (test mode: no card, the pack
// lands at once), opens a project's Services tab, orders an Xact360 with a note, and sees the balance drop by its
// price and the order "Ordered"; too few credits turn Order into Buy credits.

/** Buys a credit pack through the API in test mode (as the /credits page's Buy does). */
async function buyCredits(page: Page, pack: 'pack_5' | 'pack_10'): Promise<void> {
  const response = await page.request.post('/api/credits/purchase', { headers: ORIGIN_HEADERS, data: { pack } });
  expect(response.ok(), await response.text()).toBe(true);
  expect(await response.json()).toMatchObject({ outcome: 'applied' });
}

async function createProject(page: Page, title: string): Promise<string> {
  const response = await page.request.post('/api/projects', {
    headers: ORIGIN_HEADERS,
    data: { title, homeownerName: 'Pat Miller', street: '12 Elm St', city: 'Tulsa' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function openServices(page: Page, projectId: string) {
  await page.goto(`/projects/${projectId}`);
  await page.getByRole('tab', { name: 'Services' }).click();
  await expect(page).toHaveURL(/tab=services/);
  await expect(page.getByRole('heading', { name: 'Order a service' })).toBeVisible();
}

async function orderXact360(page: Page, balanceBefore: number, notes: string) {
  await page.getByRole('button', { name: 'Order Xact360' }).click();
  const dialog = page.getByRole('dialog', { name: 'Order Xact360' });
  await expect(dialog.getByText(`Uses 4 of your ${balanceBefore} credits.`)).toBeVisible();
  await dialog.getByLabel('Notes for the office (optional)').fill(notes);
  await dialog.getByRole('button', { name: 'Order for 4 credits' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Xact360 ordered', { exact: true })).toBeVisible();
}

const orderCards = (page: Page) => page.getByRole('list', { name: 'Service orders' }).getByRole('listitem');

test.describe('service orders', () => {
  test('an owner buys credits, orders an Xact360 on a project and sees the balance drop by 4', async ({ page }) => {
    await signedInUser(page, 'orders');
    const projectId = await createProject(page, 'Miller roof');
    // Buy the 10-credit pack where a contractor would: /credits, then on to the claim file.
    await page.goto('/credits');
    await page.getByRole('button', { name: 'Buy 10 credits for $240' }).click();
    await expect(page.getByTestId('credits-added')).toHaveText('10 credits added. Your balance is 10.');

    await openServices(page, projectId);
    const balance = page.getByTestId('credit-balance');
    await expect(balance).toHaveText('10 credits');
    // The four services with their display names and credit prices.
    const services = page.getByRole('list', { name: 'Services' }).getByRole('listitem');
    await expect(services).toHaveCount(4);
    for (const [name, price] of [
      ['Xact360', '4 credits'],
      ['Copy-Over', '2 credits'],
      ['Supplement360', '3 credits'],
      ['UGO Assisted', '1 credit'],
    ] as const) {
      await expect(services.filter({ has: page.getByRole('heading', { name, exact: true }) })).toContainText(price);
    }
    await expect(page.getByText('No services ordered yet')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await orderXact360(page, 10, 'Front and rear slopes');
    await expect(balance).toHaveText('6 credits');
    await expect(orderCards(page)).toHaveCount(1);
    const card = orderCards(page).first();
    await expect(card.getByRole('heading', { name: 'Xact360' })).toBeVisible();
    await expect(card).toContainText('Ordered');
    await expect(card).toContainText('4 credits');
    await expect(card).toContainText('Front and rear slopes');
    await expect(card.getByRole('button', { name: 'Cancel Xact360' })).toBeVisible();

    // The open dialog is checked too.
    await toastsGone(page);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Cancel Xact360' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel Xact360 for Miller roof?' });
    await expect(cancel.getByText('The 4 credits come back to the balance.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await cancel.getByRole('button', { name: 'Keep the order' }).click();
    await expect(cancel).toBeHidden();

    // The order stays after a reload (the tab is in the address); the claim file's timeline has it.
    await page.reload();
    await expect(orderCards(page).first()).toContainText('Ordered');
    await page.getByRole('tab', { name: 'Claim file' }).click();
    await expect(page.getByRole('list', { name: 'Activity timeline' })).toContainText('ordered Xact360 (4 credits)');
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('orders from the Services tab at 390 px; too few credits offer Buy credits instead', async ({ page }) => {
      await signedInUser(page, 'orders-phone');
      await buyCredits(page, 'pack_5');
      const projectId = await createProject(page, 'Ortiz roof');

      await openServices(page, projectId);
      await expect(page.getByTestId('credit-balance')).toHaveText('5 credits');
      await orderXact360(page, 5, 'Detached garage too');
      await expect(page.getByTestId('credit-balance')).toHaveText('1 credit');
      await expect(orderCards(page).first()).toContainText('Ordered');

      // One credit left: UGO Assisted can be ordered, Xact360 sends to /credits.
      await expect(page.getByRole('button', { name: 'Order UGO Assisted' })).toBeVisible();
      const buy = page.getByRole('link', { name: 'Buy credits for Xact360' });
      await expect(buy).toHaveAttribute('href', '/credits');
      const box = await buy.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      // Nothing wider than the phone's screen.
      expect(await page.evaluate<number>(`document.documentElement.scrollWidth`)).toBeLessThanOrEqual(390);
      await toastsGone(page);
      await expectNoSeriousA11yViolations(page);
    });
  });
});
