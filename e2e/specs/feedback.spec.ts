import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { signedInUser } from '../support/flows';
import { grantAdmin, waitForMail } from '../support/mail';

// The feedback loop as people live it: a user sends a problem from a page's help with a screenshot,
// a platform admin of the Ridgeline team finds it in triage, plans it and answers, and the user reads
// the answer in their Feedback Loop, their inbox and their mail. At desktop width and on a phone.

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: '390 px', viewport: { width: 390, height: 844 } },
] as const;

/** A real PNG screenshot of the given size. */
function screenshotPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 64, b: 175 } } })
    .png()
    .toBuffer();
}

for (const size of SIZES) {
  test.describe(`feedback at ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('sent from a page’s help with a screenshot, answered by the team, read in the Feedback Loop and the inbox', async ({ page, browser }) => {
      const user = await signedInUser(page, 'feedback-user');
      const message = `The claim file list forgets my sort (${size.name}).`;

      // From the dashboard's help, with the page filled in.
      await page.goto('/dashboard');
      await page.getByRole('button', { name: 'Help' }).click();
      await page.getByRole('dialog').getByRole('link', { name: 'Send feedback about this page' }).click();
      await expect(page).toHaveURL(/\/feedback\?page=%2Fdashboard$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Feedback' })).toBeVisible();
      await expect(page.getByLabel('The page it is about (optional)')).toHaveValue('/dashboard');
      await expect(page.getByRole('radio', { name: 'Problem' })).toBeChecked();
      await page.getByLabel('Your message').fill(message);
      await page.getByLabel('Screenshot (optional)').setInputFiles({ name: 'dashboard.png', mimeType: 'image/png', buffer: await screenshotPng(640, 400) });
      await expect(page.getByText('dashboard.png, 640 x 400 pixels')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: 'Send feedback' }).click();

      // It lands on its own page in the Feedback Loop, new, with what came with it.
      await expect(page).toHaveURL(/\/feedback-loop\/[0-9a-f-]{36}$/);
      const itemUrl = page.url();
      await expect(page.getByRole('heading', { level: 1, name: 'Your feedback' })).toBeVisible();
      await expect(page.getByText(message)).toBeVisible();
      await expect(page.getByText('Status: New', { exact: true })).toBeVisible();
      await expect(page.getByRole('img', { name: 'The screenshot sent with this feedback' })).toBeVisible();
      await expect(page.getByText('No reply yet.', { exact: false })).toBeVisible();

      // The team: a platform admin in another browser.
      const adminContext = await browser.newContext({ viewport: size.viewport });
      const triage = await adminContext.newPage();
      const admin = await signedInUser(triage, 'feedback-admin');
      await grantAdmin(admin.email);
      await triage.goto('/admin/feedback');
      await expect(triage.getByRole('heading', { level: 1, name: 'Feedback Triage' })).toBeVisible();
      await expect(triage.getByTestId('triage-counts')).toContainText('open');
      if (size.name === 'desktop') {
        await expect(triage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Feedback Triage \d+ open$/ })).toBeVisible();
      }
      await triage.getByRole('combobox', { name: 'Company' }).selectOption({ label: user.companyName });
      await triage.getByLabel('Type').selectOption({ label: 'Problem' });
      const row = triage.getByRole('list', { name: 'Feedback to triage' }).getByRole('listitem').filter({ hasText: message });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(user.companyName);
      await expectNoSeriousA11yViolations(triage);
      await row.getByRole('link', { name: message }).click();

      await expect(triage.getByRole('heading', { level: 1, name: 'Feedback' })).toBeVisible();
      await expect(triage.getByText(`${user.firstName} ${user.lastName} (${user.email})`)).toBeVisible();
      await expect(triage.getByText('/dashboard', { exact: true })).toBeVisible();
      await expect(triage.getByRole('img', { name: 'The screenshot sent with this feedback' })).toBeVisible();
      await triage.getByLabel('Move it to').selectOption({ label: 'Planned' });
      await triage.getByRole('button', { name: 'Change status' }).click();
      await expect(triage.getByText('moved it to Planned')).toBeVisible();
      await triage.getByLabel('Reply to the author').fill('Thanks! We will keep your sort in the next release.');
      await triage.getByRole('button', { name: 'Send reply' }).click();
      await expect(triage.getByRole('article', { name: /^Reply from .*Ridgeline team$/ })).toContainText('We will keep your sort');
      await expectNoSeriousA11yViolations(triage);
      await adminContext.close();

      // The user reads it: the mail, the Feedback Loop, the item's thread, the inbox.
      const mail = await waitForMail(user.email, 'The Ridgeline team replied to your feedback');
      expect(mail.text).toContain('Reply: "Thanks! We will keep your sort in the next release."');
      expect(mail.text).toContain(itemUrl.replace(/^https?:\/\/[^/]+/, ''));
      await waitForMail(user.email, 'Your feedback is now: Planned');

      await page.goto('/feedback-loop');
      const mine = page.getByRole('list', { name: 'Your feedback' }).getByRole('listitem').filter({ hasText: message });
      await expect(mine).toContainText('Planned');
      await expect(mine).toContainText('The team replied');
      await expectNoSeriousA11yViolations(page);
      await mine.getByRole('link', { name: message }).click();
      await expect(page.getByRole('article', { name: /^Reply from .*Ridgeline team$/ })).toContainText('We will keep your sort in the next release.');
      await page.getByLabel('Your reply').fill('Great, thank you.');
      await page.getByRole('button', { name: 'Send reply' }).click();
      await expect(page.getByRole('article', { name: 'Reply from You' })).toContainText('Great, thank you.');
      await expectNoSeriousA11yViolations(page);

      await page.goto('/inbox');
      const inbox = page.getByRole('list', { name: 'Notifications' });
      await expect(inbox.getByRole('link', { name: 'The Ridgeline team replied to your feedback' })).toBeVisible();
      await expect(inbox.getByRole('link', { name: 'Your feedback is now: Planned' })).toBeVisible();
      await inbox.getByRole('link', { name: 'The Ridgeline team replied to your feedback' }).click();
      await expect(page).toHaveURL(itemUrl);
      if (size.name === '390 px') expect(await page.evaluate<number>(`document.documentElement.scrollWidth`)).toBeLessThanOrEqual(390);
    });
  });
}
