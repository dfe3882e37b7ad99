import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { signedInUser } from '../support/flows';
import { grantAdmin } from '../support/mail';

test.describe('help and tutorials', () => {
  test('the help button on /dashboard plays the starter video in our own iframe', async ({ page }) => {
    await signedInUser(page, 'help');
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Help' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Getting around Ridgeline' })).toBeVisible();
    // YouTube cannot load here: the iframe's source is what matters.
    await expect(dialog.locator('iframe')).toHaveAttribute('src', /^https:\/\/www\.youtube\.com\/embed\/[\w-]+$/);
    await page.keyboard.press('Escape');
    await page.goto('/tutorials');
    await expect(page.getByRole('heading', { name: 'Tutorials', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New tutorial' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test('an admin cannot store a non-https or other-host embed; a Vimeo one shows on its page', async ({ page }) => {
    const admin = await signedInUser(page, 'tutor');
    await grantAdmin(admin.email);
    await page.goto('/tutorials');
    await page.getByRole('button', { name: 'New tutorial' }).click();
    const form = page.getByRole('form', { name: 'New tutorial' });
    await form.getByLabel('Page route').fill('/profile');
    await form.getByLabel('Title').fill('Your profile');
    for (const embed of ['<iframe src="http://www.youtube.com/embed/abcdefghijk"></iframe>', '<iframe src="https://videos.example.com/embed/1"></iframe>']) {
      await form.getByLabel('Video link or embed code').fill(embed);
      await form.getByRole('button', { name: 'Create tutorial' }).click();
      await expect(form.getByText('Only https YouTube or Vimeo videos can be embedded')).toBeVisible();
    }
    await form.getByLabel('Video link or embed code').fill('<iframe src="https://player.vimeo.com/video/76979871" width="640"></iframe>');
    await form.getByRole('button', { name: 'Create tutorial' }).click();
    await expect(page.getByText('Tutorial created', { exact: true })).toBeVisible();

    await page.goto('/profile');
    await page.getByRole('button', { name: 'Help' }).click();
    await expect(page.getByRole('dialog').locator('iframe')).toHaveAttribute('src', 'https://player.vimeo.com/video/76979871');
  });

  test('a stored embed on a non-https or other host shows no help button at all', async ({ page }) => {
    await signedInUser(page, 'unsafe-help');
    for (const embedCode of ['<iframe src="http://www.youtube.com/embed/abcdefghijk"></iframe>', '<iframe src="https://videos.example.com/embed/1"></iframe>']) {
      // Rows like these cannot be saved through the API; this is what the page does if one exists.
      await page.route('**/api/tutorials?route=*', (route) =>
        route.fulfill({
          json: { tutorials: [{ id: '7f0c3c1e-0000-4000-8000-000000000001', pageRoute: '/dashboard', isActive: true, title: 'Unsafe', description: null, embedCode, updatedAt: '2026-01-01T00:00:00.000Z' }] },
        }),
      );
      const answered = page.waitForResponse('**/api/tutorials?route=*');
      await page.goto('/dashboard');
      await answered;
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Help' })).toHaveCount(0);
      await expect(page.locator('iframe')).toHaveCount(0);
      await page.unroute('**/api/tutorials?route=*');
    }
  });
});
