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
});
