import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { ORIGIN_HEADERS, signedInUser } from '../support/flows';
import { controlsUnder, PHONES } from '../support/layout';

// Pages as a phone shows them: a new page opens at the top (after "Create claim file" a phone used to land
// 2,277 px down, and between inspection steps too) and a page gone back to opens where it was left;
// the floating chat button never covers a sticky action bar's buttons, nor a page's last controls.

const scrollY = (page: Page) => page.evaluate('Math.round(window.scrollY)') as Promise<number>;
const scrollToEnd = (page: Page) => page.evaluate('window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" })');

async function createProjects(page: Page, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const response = await page.request.post('/api/projects', {
      headers: ORIGIN_HEADERS,
      data: { title: `Hail claim ${i + 1}`, homeownerName: `Owner ${i + 1}`, street: `${100 + i} Elm Street`, city: 'Tulsa' },
    });
    expect(response.status(), await response.text()).toBe(201);
    ids.push(((await response.json()) as { id: string }).id);
  }
  return ids;
}

const chatButton = (page: Page) => page.getByRole('button', { name: /^Open team chat/ });

for (const phone of PHONES) {
  test.describe(`at ${phone.width} px`, () => {
    test.use({ viewport: phone, isMobile: true, hasTouch: true });

    test('a new page opens at the top; a page gone back to opens where it was left', async ({ page }) => {
      test.setTimeout(120_000);
      await signedInUser(page, `scroll-${phone.width}`);
      await createProjects(page, 20);

      // The list, scrolled well down; a claim file opens at its top; back, the list is where it was.
      await page.goto('/projects');
      const cards = page.getByTestId('projects-cards');
      await expect(cards.getByRole('link', { name: 'Owner 1', exact: true })).toBeVisible();
      // The header's chat button loads when the browser is idle and can make the header taller: the
      // list is scrolled once it is there, so the scroll measured is the page's own.
      await expect(chatButton(page)).toBeVisible();
      await page.evaluate('window.scrollTo({ top: 1500, behavior: "instant" })');
      await expect.poll(() => scrollY(page)).toBe(1500);
      // A claim file in view there.
      const href = (await page.evaluate(
        `[...document.querySelectorAll('[data-testid="projects-cards"] a')].find((a) => a.getBoundingClientRect().top > 60)?.getAttribute('href')`,
      )) as string;
      await cards.locator(`a[href="${href}"]`).click();
      await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect.poll(() => scrollY(page)).toBe(0);
      await page.goBack();
      await expect(page).toHaveURL(/\/projects$/);
      await expect.poll(() => scrollY(page)).toBe(1500);

      // "Create claim file" at the foot of the form: the new claim file opens at its top.
      await page.goto('/projects/new');
      await page.getByLabel('Title').fill('Scrolled claim');
      await page.getByLabel('Street').fill('12 Oak St');
      await page.getByLabel('Homeowner name').fill('Pat Scroll');
      const create = page.getByRole('button', { name: 'Create claim file' });
      await create.scrollIntoViewIfNeeded();
      expect(await scrollY(page)).toBeGreaterThan(200);
      await create.click();
      await expect(page.getByRole('heading', { level: 1, name: 'Scrolled claim' })).toBeVisible();
      await expect.poll(() => scrollY(page)).toBe(0);
    });

    test('between inspection steps each step opens at its top', async ({ page }) => {
      await signedInUser(page, `steps-${phone.width}`);
      const id = randomUUID();
      const created = await page.request.post('/api/inspections', {
        headers: ORIGIN_HEADERS,
        data: {
          id,
          editedAt: new Date().toISOString(),
          fields: {
            street: '5 Step Street',
            structures: [{ id: 'house', name: 'Main house', kind: 'main_house', areas: ['roof', 'front'], slopes: [{ direction: 'N', testSquareHits: 4 }] }],
          },
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      await page.goto('/field-inspection');
      await expect(page.getByRole('list', { name: 'Inspections in progress' }).getByText('5 Step Street')).toBeVisible();
      await page.goto(`/field-inspection/${id}/areas`);
      await expect(page.getByRole('region', { name: 'Main house' })).toBeVisible();
      await scrollToEnd(page);
      expect(await scrollY(page)).toBeGreaterThan(200);
      await page.getByRole('button', { name: 'Next: Overview photos' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Overview photos' })).toBeVisible();
      await expect.poll(() => scrollY(page)).toBe(0);

      await scrollToEnd(page);
      expect(await scrollY(page)).toBeGreaterThan(200);
      await page.getByRole('link', { name: 'Next: Elevations' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Elevations photos' })).toBeVisible();
      await expect.poll(() => scrollY(page)).toBe(0);
    });

    test('the chat button keeps clear of sticky action bars and of the last controls of a page', async ({ page }) => {
      await signedInUser(page, `chat-clear-${phone.width}`);
      const [projectId] = await createProjects(page, 12);

      // The roof calculator: its sticky bar of actions stays at the foot while the form scrolls.
      await page.goto('/measurements');
      await page.getByRole('button', { name: 'New measurement' }).click();
      await expect(chatButton(page)).toBeVisible({ timeout: 15_000 });
      const bar = page.locator('[data-sticky-actions]');
      await expect(bar).toBeVisible();
      await expect.poll(() => controlsUnder(page, '[data-chat-button]', '[data-sticky-actions]')).toEqual([]);
      await page.evaluate('window.scrollTo({ top: 400, behavior: "instant" })');
      await expect.poll(() => controlsUnder(page, '[data-chat-button]', '[data-sticky-actions]')).toEqual([]);
      await scrollToEnd(page);
      await expect.poll(() => controlsUnder(page, '[data-chat-button]', 'main')).toEqual([]);

      // Scrolled to their end, no page leaves a control under the button.
      for (const path of ['/dashboard', '/projects', `/projects/${projectId}`, '/companies', '/team']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(chatButton(page)).toBeVisible({ timeout: 15_000 });
        await page.waitForLoadState('networkidle');
        await scrollToEnd(page);
        await expect.poll(() => controlsUnder(page, '[data-chat-button]', 'main'), { message: path }).toEqual([]);
      }
    });
  });
}
