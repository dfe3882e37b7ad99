import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { ORIGIN_HEADERS, signedInUser, submitSignIn, type TestUser } from '../support/flows';
import { grantAdmin } from '../support/mail';

// Platform administration: disabled accounts, impersonation with its audit log, the CSP and its reports, and the
// sign-in limit, all in Chromium against the real server and database.

async function adminPage(browser: import('@playwright/test').Browser): Promise<{ page: Page; admin: TestUser }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const admin = await signedInUser(page, 'admin');
  await grantAdmin(admin.email);
  return { page, admin };
}

test.describe('platform administration', () => {
  test('a disabled user sees only the Account Disabled screen, gets 403, and cannot sign in again', async ({ browser }) => {
    const { page: admin } = await adminPage(browser);
    const userContext = await browser.newContext();
    const page = await userContext.newPage();
    const user = await signedInUser(page, 'disabled');
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

    await admin.goto('/admin/users');
    await expect(admin.getByRole('heading', { name: 'Admin Users', level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(admin);
    await admin.getByLabel('Find a user').fill(user.email);
    await admin.getByRole('button', { name: `Disable ${user.email}` }).click();
    await expect(admin.getByRole('button', { name: `Enable ${user.email}` })).toBeVisible();

    // Within a second: the next call of the signed-in user is refused, and the page says why.
    const refused = await page.request.get('/api/me', { headers: ORIGIN_HEADERS });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('ACCOUNT_DISABLED');
    await page.goto('/team');
    await expect(page.getByRole('heading', { name: 'Your account has been temporarily disabled' })).toBeVisible();
    await expect(
      page.getByText('Your account access has been disabled by an administrator. Please contact your system administrator to restore access to your account.'),
    ).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    expect((await page.request.get('/api/me', { headers: ORIGIN_HEADERS })).status()).toBe(401);

    // Signing in again shows the same screen and no session is created.
    await submitSignIn(page, user.email, user.password);
    await expect(page.getByRole('heading', { name: 'Your account has been temporarily disabled' })).toBeVisible();
    expect((await page.request.get('/api/me', { headers: ORIGIN_HEADERS })).status()).toBe(401);
    await userContext.close();
    await admin.context().close();
  });

  test('impersonation: start with a reason, banner on every page, exit, and the audit row', async ({ browser }) => {
    const { page: admin, admin: adminUser } = await adminPage(browser);
    const targetContext = await browser.newContext();
    const target = await signedInUser(await targetContext.newPage(), 'target');

    await admin.goto('/admin/impersonation');
    await expect(admin.getByRole('heading', { name: 'Admin Impersonation', level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(admin);
    await admin.getByLabel('Find the user').fill(target.email);
    await admin.getByRole('button', { name: `Select ${target.email}` }).click();
    await expect(admin.getByRole('button', { name: 'Start Impersonation' })).toBeDisabled();
    await admin.getByLabel('Reason (required)').fill('Support ticket 4411: photos missing');
    await admin.getByRole('button', { name: 'Start Impersonation' }).click();

    await expect(admin.getByText('Impersonation Started', { exact: true })).toBeVisible();
    await expect(admin.getByText(`You are now viewing as ${target.email}`, { exact: true })).toBeVisible();
    await expect(admin).toHaveURL(/\/dashboard$/);
    const banner = admin.getByText(`Admin View: You are logged in as ${target.email}`);
    await expect(banner).toBeVisible();
    await admin.goto('/team');
    await expect(banner).toBeVisible();
    const me = (await (await admin.request.get('/api/me', { headers: ORIGIN_HEADERS })).json()) as { email: string };
    expect(me.email).toBe(target.email);

    await admin.getByRole('button', { name: 'Exit Impersonation' }).click();
    await expect(admin.getByText('Impersonation Ended', { exact: true })).toBeVisible();
    await expect(admin.getByText('You are now viewing as yourself', { exact: true })).toBeVisible();
    await expect(banner).toHaveCount(0);
    await expect(admin).toHaveURL(/\/admin\/impersonation$/);
    const row = admin.getByRole('row').filter({ hasText: target.email });
    await expect(row).toContainText(adminUser.email);
    await expect(row).toContainText('Support ticket 4411: photos missing');
    await expect(row).not.toContainText('Active');
    await targetContext.close();
    await admin.context().close();
  });

  test("a contractor's impersonation call is refused with 403 and the page shows nothing", async ({ page }) => {
    const contractor = await signedInUser(page, 'contractor');
    const response = await page.request.post('/api/functions/admin-impersonation', {
      headers: ORIGIN_HEADERS,
      data: { action: 'start', targetUserId: 'someone', reason: 'curious' },
    });
    expect(response.status()).toBe(403);
    await page.goto('/admin/impersonation');
    await expect(page.getByText('Only platform admins can use this page.')).toBeVisible();
    await expect(page.getByLabel('Reason (required)')).toHaveCount(0);
    expect(contractor.email).toBeTruthy();
  });

  test('the CSP blocks an injected inline script and its report lands in the table', async ({ browser }) => {
    const { page: admin } = await adminPage(browser);
    const response = await admin.goto('/dashboard');
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain('frame-src https://www.youtube.com');
    expect(response?.headers()['x-content-type-options']).toBe('nosniff');
    await expect(admin.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

    const reported = admin.waitForResponse((r) => r.url().endsWith('/api/security/csp-violation'));
    const ran = await admin.evaluate(`(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__ridgelineInjected = true;';
      document.body.appendChild(script);
      return window.__ridgelineInjected === true;
    })()`);
    expect(ran).toBe(false);
    expect((await reported).status()).toBe(204);

    await admin.goto('/admin/security');
    await expect(admin.getByRole('heading', { name: 'Admin Security Reports', level: 1 })).toBeVisible();
    await expect(admin.getByRole('row').filter({ hasText: '/dashboard' }).first()).toContainText('script-src');
    await admin.goto('/security');
    await expect(admin.getByText('csp-violation').first()).toBeVisible();
    await admin.context().close();
  });

  test('the 6th quick wrong password is refused: 429 from the server, and no request from the page', async ({ page }) => {
    const user = await signedInUser(page, 'limited');
    await page.context().clearCookies();
    await submitSignIn(page, user.email, 'Wrong-Password-123');
    const form = page.getByRole('form', { name: 'Sign in' });
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      if (attempt > 1) await form.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: /invalid|password/i })).toBeVisible();
      await expect(form.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();
    }
    const server = await page.request.post('/api/auth/sign-in/email', { headers: ORIGIN_HEADERS, data: { email: user.email, password: user.password } });
    expect(server.status()).toBe(429);
    expect(Number(server.headers()['retry-after'])).toBeGreaterThan(0);

    let signInRequests = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/sign-in/')) signInRequests += 1;
    });
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await form.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: /Too many requests/ })).toBeVisible();
    expect(signInRequests).toBe(0);
  });
});
