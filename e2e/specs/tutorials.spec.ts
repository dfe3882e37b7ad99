import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { signedInUser } from '../support/flows';
import { grantAdmin } from '../support/mail';

test.describe('help and tutorials', () => {
  test('the help button on /dashboard opens its written guide; a page with a real video plays it in our own iframe', async ({ page }) => {
    await signedInUser(page, 'help');
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Help' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Getting around Ridgeline' })).toBeVisible();
    // No video about the dashboard yet: its guide, and no stand-in video.
    await expect(dialog.getByRole('list', { name: 'Steps' }).getByRole('listitem').first()).toContainText('The dashboard shows your active claim files');
    await expect(dialog.locator('iframe')).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.goto('/field-inspection');
    await page.getByRole('button', { name: 'Help' }).click();
    // YouTube cannot load here: the iframe's source is what matters.
    await expect(page.getByRole('dialog').locator('iframe')).toHaveAttribute('src', /^https:\/\/www\.youtube\.com\/embed\/[\w-]+$/);
    await page.keyboard.press('Escape');
    await page.goto('/tutorials');
    await expect(page.getByRole('heading', { name: 'Tutorials', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New tutorial' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('/tutorials names each page, never a route, and no two pages share a video', async ({ page }) => {
      await signedInUser(page, 'tutorial-names');
      await page.goto('/tutorials');
      const list = page.getByRole('list', { name: 'Tutorials' });
      await expect(list.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
      await expect(list.getByText('Each claim file', { exact: true })).toBeVisible();
      await expect(list).not.toContainText('/projects/*');
      await expect(list.locator('code')).toHaveCount(0);
      await list.getByRole('button', { name: 'Read One claim file' }).click();
      await expect(page.getByRole('dialog').getByRole('list', { name: 'Steps' })).toBeVisible();
      await page.keyboard.press('Escape');

      const response = await page.request.get('/api/tutorials/all');
      const { tutorials } = (await response.json()) as { tutorials: { pageRoute: string; embedCode: string | null; guide: string | null }[] };
      const videos = tutorials.map((tutorial) => tutorial.embedCode).filter((video): video is string => video !== null);
      expect(new Set(videos).size).toBe(videos.length);
      for (const tutorial of tutorials) expect(tutorial.embedCode ?? tutorial.guide, tutorial.pageRoute).toBeTruthy();
      expect(await page.evaluate<number>(`document.documentElement.scrollWidth`)).toBeLessThanOrEqual(390);
      await expectNoSeriousA11yViolations(page);
    });
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

  test('a stored embed on a non-https or other host shows no video: the help offers feedback about the page alone', async ({ page }) => {
    await signedInUser(page, 'unsafe-help');
    for (const embedCode of [
      '<iframe src="http://www.youtube.com/embed/abcdefghijk"></iframe>',
      '<iframe src="https://videos.example.com/embed/1"></iframe>',
    ]) {
      // Rows like these cannot be saved through the API; this is what the page does if one exists.
      await page.route('**/api/tutorials?route=*', (route) =>
        route.fulfill({
          json: {
            tutorials: [
              {
                id: '7f0c3c1e-0000-4000-8000-000000000001',
                pageRoute: '/dashboard',
                isActive: true,
                title: 'Unsafe',
                description: null,
                embedCode,
                guide: null,
                updatedAt: '2026-01-01T00:00:00.000Z',
              },
            ],
          },
        }),
      );
      const answered = page.waitForResponse('**/api/tutorials?route=*');
      await page.goto('/dashboard');
      await answered;
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      await page.getByRole('button', { name: 'Help' }).click();
      const dialog = page.getByRole('dialog', { name: 'Help' });
      await expect(dialog.getByText('This page has no guide yet.', { exact: false })).toBeVisible();
      await expect(dialog.getByRole('link', { name: 'Send feedback about this page' })).toHaveAttribute('href', '/feedback?page=%2Fdashboard');
      await expect(dialog.getByRole('list', { name: 'Steps' })).toHaveCount(0);
      await expect(page.locator('iframe')).toHaveCount(0);
      await page.keyboard.press('Escape');
      await page.unroute('**/api/tutorials?route=*');
    }
  });
});
