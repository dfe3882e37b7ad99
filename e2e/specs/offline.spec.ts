import { expect, test } from '@playwright/test';
import { signedInUser } from '../support/flows';

// The offline shell (issue 3, section 8). Playwright's setOffline does not cut the service
// worker's own fetches, so the network is also cut by aborting every request (architecture.md).
test('a signed-in user who reloads /dashboard with no network gets the app with its offline banner', async ({ page, context }) => {
  await signedInUser(page, 'offline-shell');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  // The worker is registered after load, precaches the shell and every route chunk, then controls the page.
  await page.evaluate(`navigator.serviceWorker.ready.then(() => true)`);
  await expect.poll(() => page.evaluate(`Boolean(navigator.serviceWorker.controller)`), { timeout: 15_000 }).toBe(true);
  const sw = await page.evaluate(`navigator.serviceWorker.controller.scriptURL`);
  expect(String(sw)).toMatch(/\/sw\.js$/);

  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText(/^(Cached Session|Offline Mode)$/).first()).toBeVisible();

  // Another lazy page, never visited, also comes from the precache.
  await page.goto('/team');
  await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();

  await context.unroute('**/*');
  await context.setOffline(false);
});
