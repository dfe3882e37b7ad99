import { randomUUID } from 'node:crypto';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { fieldRoutes } from '../support/field-routes';
import { ORIGIN_HEADERS, signedInUser } from '../support/flows';
import { uploadPhotos } from '../support/inspection-seed';
import { PHONES } from '../support/layout';
import { abortOffline } from '../support/network';

// Going offline right after the first sign-in: the field hub says what is still downloading, then
// "Ready for offline"; from then on every field screen not visited yet opens with no signal, none
// shows "Something went wrong". Without a service worker (a browser that keeps no offline copy) the
// field screens' code still comes down with the hub, so moving between them works offline too.

async function seedSession(page: Page): Promise<{ sessionId: string; photoId: string }> {
  const sessionId = randomUUID();
  const response = await page.request.post('/api/inspections', {
    headers: ORIGIN_HEADERS,
    data: {
      id: sessionId,
      editedAt: new Date().toISOString(),
      fields: {
        street: '9 Offline Ridge',
        city: 'Amarillo',
        homeownerName: 'Lee Rain',
        structures: [
          { id: 'house', name: 'Main house', kind: 'main_house', areas: ['roof', 'front', 'rear'], slopes: [{ direction: 'N', testSquareHits: 9 }] },
        ],
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const [photoId = ''] = await uploadPhotos(page, sessionId, [{ category: 'overview', subcategory: 'front_of_house', phase: 'overview' }]);
  return { sessionId, photoId };
}

async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await context.route('**/*', abortOffline);
}

/** The field screen opened: a heading, and not the route error page. */
async function expectScreen(page: Page, route: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }), route).toBeVisible();
  await expect(page.getByText('Loading the inspection…'), route).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Something went wrong' }), route).toHaveCount(0);
}

for (const phone of PHONES) {
  test.describe(`at ${phone.width} px`, () => {
    test.use({ viewport: phone, isMobile: true, hasTouch: true });

    test('after the first sign-in the hub says what is downloading, then "Ready for offline"; every field screen then opens offline', async ({
      page,
      context,
    }) => {
      test.setTimeout(180_000);
      await signedInUser(page, `offline-ready-${phone.width}`);
      const { sessionId, photoId } = await seedSession(page);

      // The service worker's downloads wait until the test has seen the hub say what is missing.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await context.route('**/assets/**', async (route) => {
        if (route.request().serviceWorker()) await held;
        await route.continue();
      });

      await page.goto('/field-inspection');
      const card = page.getByRole('region', { name: /for offline/ });
      await expect(card.getByRole('heading', { name: 'Getting ready for offline' })).toBeVisible({ timeout: 20_000 });
      await expect(card).toContainText('Saving the app on this phone…');
      await expect(card).toContainText(/Field screens: \d+ of \d+ downloaded/);
      await expect(page.getByRole('list', { name: 'Inspections in progress' }).getByText('9 Offline Ridge')).toBeVisible();
      release();

      await expect(card.getByRole('heading', { name: 'Ready for offline', exact: true })).toBeVisible({ timeout: 60_000 });
      await expect(card).toContainText('Every field screen opens on this phone with no signal.');
      await context.unroute('**/assets/**');

      await goOffline(context);
      for (const route of fieldRoutes(sessionId, photoId).filter((r) => r !== '/field-inspection')) {
        const opened = await page.goto(route);
        expect(opened?.fromServiceWorker(), route).toBe(true);
        await expectScreen(page, route);
      }
      await context.unroute('**/*');
      await context.setOffline(false);
    });

    test('without an offline copy the hub never claims it, and the field screens it downloaded still open offline in the page', async ({ browser }) => {
      test.setTimeout(120_000);
      const context = await browser.newContext({ viewport: phone, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
      const page = await context.newPage();
      await signedInUser(page, `offline-nosw-${phone.width}`);
      const { sessionId, photoId } = await seedSession(page);
      await page.goto('/field-inspection');
      const card = page.getByRole('region', { name: /for offline/ });
      await expect(card).toContainText(/Field screens: (\d+) of \1 downloaded/, { timeout: 30_000 });
      await expect(page.getByRole('list', { name: 'Inspections in progress' }).getByText('9 Offline Ridge')).toBeVisible();
      await expect(card.getByRole('heading', { name: 'Ready for offline', exact: true })).toHaveCount(0);

      await goOffline(context);
      // Moving between field screens inside the page (as a tap on a link does).
      for (const route of fieldRoutes(sessionId, photoId).filter((r) => r !== '/field-inspection')) {
        await page.evaluate(`history.pushState({}, '', ${JSON.stringify(route)}); dispatchEvent(new PopStateEvent('popstate'))`);
        await expect(page).toHaveURL(new RegExp(`${route.replace(/[?]/g, '\\?')}$`));
        await expectScreen(page, route);
      }
      await context.close();
    });
  });
}
