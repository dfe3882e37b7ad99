import { expect, test, type Page } from '@playwright/test';
import { SITE_BANNER_DEFAULT_TEXT } from '@ridgeline/shared/domain/site-banner';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { ORIGIN_HEADERS, signedInUser } from '../support/flows';
import { grantAdmin } from '../support/mail';

// The site banner: on the signed-in pages only (never on the landing page, sign-in or a homeowner's
// share page), dismissed for the day on a phone, and edited or turned off by a platform admin for
// everyone. The test puts the default back, since the banner is the whole stack's.

const banner = (page: Page) => page.getByRole('region', { name: 'Site notice' });

test.describe('the site banner', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('public pages never show it: the landing page, sign-in and a share page', async ({ page }) => {
    for (const path of ['/', '/auth', '/share/not-a-real-link']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(banner(page), path).toHaveCount(0);
      await expect(page.getByText(SITE_BANNER_DEFAULT_TEXT)).toHaveCount(0);
    }
  });

  test('a user dismisses it for the day; an admin edits its words (they show again) and turns it off for everyone', async ({ page, browser }) => {
    await signedInUser(page, 'banner-user');
    await page.goto('/dashboard');
    await expect(banner(page)).toContainText(SITE_BANNER_DEFAULT_TEXT);
    await expectNoSeriousA11yViolations(page);
    await banner(page).getByRole('button', { name: 'Dismiss the notice for today' }).click();
    await expect(banner(page)).toHaveCount(0);
    // Another page, and a reload: still gone today on this phone.
    await page.goto('/projects');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);

    const adminContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const adminPage = await adminContext.newPage();
    try {
      const admin = await signedInUser(adminPage, 'banner-admin');
      await grantAdmin(admin.email);
      await adminPage.goto('/admin/maintenance');
      const form = adminPage.getByRole('form', { name: 'Site banner' });
      await expect(form.getByLabel('Words')).toHaveValue(SITE_BANNER_DEFAULT_TEXT);
      await form.getByLabel('Words').fill('   ');
      await form.getByRole('button', { name: 'Save the banner' }).click();
      await expect(form.getByText('Write the words of the banner, or turn it off.')).toBeVisible();
      await form.getByLabel('Words').fill('Storm season: the office answers until 9 pm.');
      await form.getByRole('button', { name: 'Save the banner' }).click();
      await expect(adminPage.getByText('Site banner saved', { exact: true })).toBeVisible();
      await expect(banner(adminPage)).toContainText('Storm season: the office answers until 9 pm.');

      // New words show again where the old ones were dismissed.
      await page.reload();
      await expect(banner(page)).toContainText('Storm season: the office answers until 9 pm.');

      await form.getByLabel('Show the banner on every signed-in page').click();
      await form.getByRole('button', { name: 'Save the banner' }).click();
      await expect(banner(adminPage)).toHaveCount(0);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(banner(page)).toHaveCount(0);
    } finally {
      const restored = await adminPage.request.put('/api/admin/site-banner', {
        headers: ORIGIN_HEADERS,
        data: { enabled: true, text: SITE_BANNER_DEFAULT_TEXT },
      });
      expect(restored.status(), await restored.text()).toBe(200);
      await adminContext.close();
    }
  });
});
