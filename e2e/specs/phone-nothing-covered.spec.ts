import { expect, test, type Page } from '@playwright/test';
import { claimFileWithEstimate } from '../support/documents';
import { ORIGIN_HEADERS, signedInUser } from '../support/flows';
import { createInspection, uploadPhotos } from '../support/inspection-seed';
import { contentUnder, expectNoHorizontalOverflow, PHONES, toastsOffScreen } from '../support/layout';

// On a phone nothing covers a control or a figure: the team chat's button is one of the header's
// buttons there (a floating one lay over a Money amount and Shingle ID's "Type" field as the page
// scrolled beneath it), and a toast lies inside the screen (a fixed 356 px toast ran off a 360 px one).

const chatButton = (page: Page) => page.getByRole('button', { name: /^Open team chat/ });

/** Every scroll position of the page, 150 px apart, and its end: the chat button covers nothing at any. */
async function expectNothingUnderChatButton(page: Page, where: string): Promise<void> {
  await expect(chatButton(page)).toBeVisible({ timeout: 15_000 });
  const end = (await page.evaluate('document.documentElement.scrollHeight - innerHeight')) as number;
  for (let top = 0; ; top = Math.min(top + 150, end)) {
    await page.evaluate(`window.scrollTo({ top: ${top}, behavior: "instant" })`);
    expect(await contentUnder(page, '[data-chat-button]'), `${where}, scrolled ${top} px`).toEqual([]);
    if (top >= end) break;
  }
}

for (const phone of PHONES) {
  test.describe(`at ${phone.width} px`, () => {
    test.use({ viewport: phone, isMobile: true, hasTouch: true });

    test('the chat button covers no control and no figure on any screen, at any scroll position', async ({ page }) => {
      test.setTimeout(120_000);
      await signedInUser(page, `covered-${phone.width}`);
      const projectId = await claimFileWithEstimate(page, { deductibleCents: 100_000 });
      for (const data of [
        { kind: 'figure', figure: 'rcv', amountCents: 1_840_000 },
        { kind: 'supplement_requested', label: 'Gutters', amountCents: 320_000 },
        { kind: 'payment_received', paymentType: 'acv_check', amountCents: 700_000, date: '2026-11-02' },
      ]) {
        const entry = await page.request.post(`/api/projects/${projectId}/ledger/entries`, { headers: ORIGIN_HEADERS, data });
        expect(entry.status(), await entry.text()).toBe(201);
      }

      await page.goto(`/projects/${projectId}`);
      await page.getByRole('tab', { name: 'Money' }).click();
      await expect(page.getByTestId('money-balance')).toBeVisible();
      await expectNothingUnderChatButton(page, 'Money tab');
      await expectNoHorizontalOverflow(page, 'Money tab');

      await page.goto('/shingle-id');
      await expect(page.getByLabel('Type')).toBeVisible();
      await expectNothingUnderChatButton(page, 'Shingle ID');

      await page.goto('/measurements');
      await page.getByRole('button', { name: 'New measurement' }).click();
      await expectNothingUnderChatButton(page, 'New measurement');

      for (const path of ['/dashboard', '/projects', `/projects/${projectId}`, '/companies']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectNothingUnderChatButton(page, path);
        await expectNoHorizontalOverflow(page, path);
      }

      // The button still opens the chat, and closing it gives the focus back to it.
      await chatButton(page).click();
      const panel = page.getByRole('dialog').filter({ has: page.locator('#chat-panel-title') });
      await expect(panel).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(chatButton(page)).toBeFocused();
    });

    test('a toast lies inside the screen: "Annotation saved" and "Carrier added"', async ({ page }) => {
      await signedInUser(page, `toast-fits-${phone.width}`);
      const sessionId = await createInspection(page, { north: 4, south: 2 });
      const [photoId] = await uploadPhotos(page, sessionId, [{ category: 'roof', subcategory: 'test_square_n', phase: 'roof' }]);
      await page.goto(`/field-inspection/${sessionId}/photo-annotation?photo=${photoId}`);
      const canvas = page.getByTestId('annotation-canvas');
      await expect(canvas).toBeVisible();
      await expectNoHorizontalOverflow(page, 'Photo annotation');
      const box = await canvas.boundingBox();
      if (!box) throw new Error('no drawing area');
      await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5, { steps: 5 });
      await page.mouse.up();
      await page.getByRole('button', { name: 'Save annotation' }).click();
      const saved = page.locator('[data-sonner-toast]').filter({ hasText: 'Annotation saved' });
      await expect(saved).toBeVisible();
      // Settled where it shows (sonner slides a toast in).
      await page.waitForTimeout(600);
      expect(await toastsOffScreen(page)).toEqual([]);
      await expectNoHorizontalOverflow(page, 'Photo annotation with its toast');

      await page.goto('/companies');
      await page.getByRole('button', { name: 'Add carrier' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add carrier' });
      await dialog.getByLabel('Carrier name').fill('Sunlight Mutual');
      await dialog.getByRole('button', { name: 'Add carrier' }).click();
      await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Carrier added' })).toBeVisible();
      await page.waitForTimeout(600);
      expect(await toastsOffScreen(page)).toEqual([]);
    });
  });
}
