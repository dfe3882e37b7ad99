import { expect, test } from '@playwright/test';
import { signedInUser } from '../support/flows';
import { abortOffline } from '../support/network';

// The offline shell. Playwright's setOffline does not cut the service
// worker's own fetches, so the network is also cut by aborting every request.
test('a signed-in user who reloads /dashboard with no network gets the app with its offline banner', async ({ page, context }) => {
  // The worker script is never cached by HTTP, so a new version is seen on the next load.
  const script = await page.request.get('/sw.js');
  expect(script.status()).toBe(200);
  expect(script.headers()['content-type']).toMatch(/javascript/);
  expect(script.headers()['cache-control']).toBe('no-cache');

  const user = await signedInUser(page, 'offline-shell');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const welcome = `Welcome, ${user.firstName}. Here is where ${user.companyName} stands.`;
  await expect(page.getByText(welcome)).toBeVisible();
  // The worker is registered after load, precaches the shell and every route chunk, then controls the page.
  await page.evaluate(`navigator.serviceWorker.ready.then(() => true)`);
  await expect.poll(() => page.evaluate(`Boolean(navigator.serviceWorker.controller)`), { timeout: 15_000 }).toBe(true);
  const sw = await page.evaluate(`navigator.serviceWorker.controller.scriptURL`);
  expect(String(sw)).toMatch(/\/sw\.js$/);

  await context.setOffline(true);
  await context.route('**/*', abortOffline);
  // The network really is gone: the API cannot be reached, from the page or through the worker.
  const apiReached = await page.evaluate(`fetch('/api/health').then(() => true, () => false)`);
  expect(apiReached).toBe(false);

  const reloaded = await page.reload();
  // The document came from the worker's precache, not from a network that is not there.
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText(/^(Cached Session|Offline Mode)$/).first()).toBeVisible();
  // Still signed in from the cached session, not sent to /auth, with the last known profile and company.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(welcome)).toBeVisible();

  // Another lazy page, never visited, also comes from the precache.
  await page.goto('/team');
  await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
  await expect(page.getByText(/^(Cached Session|Offline Mode)$/).first()).toBeVisible();

  await context.unroute('**/*');
  await context.setOffline(false);
});
