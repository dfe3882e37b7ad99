import { createHash } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { InspectionList, InspectionSession } from '@ridgeline/shared/contracts/inspections';
import type { PhotoList } from '@ridgeline/shared/contracts/photos';
import sharp from 'sharp';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { signedInUser } from '../support/flows';
import { abortOffline } from '../support/network';

// A field rep's inspection on a phone: the whole walk online (new -> areas -> overview photos ->
// insurance -> overview, checked on the server), then the same with no network at all: created on /field-inspection/new-offline,
// areas edited, the page reloaded from the service worker, and when the network is back the server
// has exactly one session with what was typed.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const UUID = '[0-9a-f-]{36}';

async function serverSession(request: APIRequestContext, id: string): Promise<InspectionSession> {
  const response = await request.get(`/api/inspections/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as InspectionSession;
}

/** A small generated JPEG of one colour. */
function colourJpeg(r: number, g: number, b: number): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r, g, b } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function sessionIdOf(page: Page): string {
  const match = new RegExp(`/field-inspection/(${UUID})`).exec(page.url());
  if (!match?.[1]) throw new Error(`no session id in ${page.url()}`);
  return match[1];
}

test('a whole inspection walk online, then one created and edited with no network syncs exactly once', async ({ page, context }) => {
  test.setTimeout(120_000);
  await signedInUser(page, 'field-sessions');

  // The hub.
  await page.goto('/field-inspection');
  await expect(page.getByRole('heading', { level: 1, name: 'Field Inspection' })).toBeVisible();
  await expect(page.getByText('Everything on this device is synced.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // New inspection.
  await page.getByRole('link', { name: 'Start new inspection' }).click();
  await expect(page).toHaveURL(/\/field-inspection\/new$/);
  await expect(page.getByRole('heading', { level: 1, name: 'New Field Inspection' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const next = page.getByRole('button', { name: 'Next: Areas' });
  const box = await next.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(48);
  await page.getByLabel('Street').fill('12 Hail Rd');
  await page.getByLabel('City').fill('Plano');
  await page.getByLabel('Homeowner name').fill('Ann Lee');
  await page.getByLabel('Date of loss').fill('2026-05-03');
  await page.getByLabel('Loss description').fill('Hail dents all over the north slope');
  await expect(page.getByText('Classified as: Hail')).toBeVisible();
  await next.click();

  // Areas.
  await expect(page).toHaveURL(new RegExp(`/field-inspection/${UUID}/areas$`));
  const id = sessionIdOf(page);
  const house = page.getByRole('region', { name: /Main house/ });
  await house.getByRole('checkbox', { name: 'Gutters' }).click();
  await house.getByRole('checkbox', { name: 'N slope' }).click();
  await house.getByLabel('Test square hits (N)').fill('11');
  await page.getByRole('button', { name: 'Next: Overview photos' }).click();
  await expect(page).toHaveURL(new RegExp(`/field-inspection/${id}/overview$`));

  // Overview photos from the camera: captured on the device, sent by the queue.
  const photos = [await colourJpeg(200, 60, 40), await colourJpeg(40, 60, 200)];
  await page.getByTestId('camera-input').setInputFiles(photos.map((buffer, i) => ({ name: `overview-${i}.jpg`, mimeType: 'image/jpeg', buffer })));
  await expect(page.getByTestId('session-upload-progress')).toContainText('2 of 2 uploaded', { timeout: 30_000 });

  // Insurance details.
  await page.goto(`/field-inspection/${id}/insurance-details`);
  await expect(page.getByRole('heading', { level: 1, name: 'Insurance details' })).toBeVisible();
  await page.getByLabel('Carrier name').fill('Acme Mutual');
  await page.getByLabel('Policy number').fill('POL-9');
  await page.getByLabel('Claim number').fill('CLM-42');
  await page.getByLabel('Deductible').fill('1,250.50');
  await page.getByLabel('Adjuster name').fill('Sam Adjuster');
  await page.getByRole('button', { name: 'Next: Overview' }).click();

  // Overview.
  await expect(page).toHaveURL(new RegExp(`/field-inspection/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Inspection overview' })).toBeVisible();
  await expect(page.getByText('12 Hail Rd, Plano')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Insurance details', exact: true })).toHaveAccessibleDescription(/^Done: /);
  await expect(page.getByRole('link', { name: 'Areas to inspect', exact: true })).toHaveAccessibleDescription(/^Done: /);

  // The server has it all.
  await expect.poll(async () => (await serverSession(page.request, id)).deductibleCents, { timeout: 15_000 }).toBe(125050);
  const saved = await serverSession(page.request, id);
  expect(saved).toMatchObject({
    street: '12 Hail Rd',
    city: 'Plano',
    homeownerName: 'Ann Lee',
    dateOfLoss: '2026-05-03',
    lossType: 'hail',
    carrierName: 'Acme Mutual',
    policyNumber: 'POL-9',
    claimNumber: 'CLM-42',
    adjusterName: 'Sam Adjuster',
  });
  expect(saved.structures).toHaveLength(1);
  expect(saved.structures[0]).toMatchObject({ kind: 'main_house', name: 'Main house', slopes: [{ direction: 'N', testSquareHits: 11 }] });
  expect(saved.structures[0]?.areas).toContain('gutters');
  const stored = (await (await page.request.get(`/api/inspections/${id}/photos`)).json()) as PhotoList;
  expect(stored.photos.map((p) => p.sha256).sort()).toEqual(photos.map(sha256).sort());
  expect(stored.photos.every((p) => p.category === 'overview' && p.phase === 'overview')).toBe(true);
  // The timeline shows on the overview when online.
  await expect(page.getByRole('region', { name: 'Timeline' }).getByText(/Deductible changed/)).toBeVisible();

  // Offline. The service worker (installed on the first visit) serves the app.
  await expect.poll(() => page.evaluate(`Boolean(navigator.serviceWorker.controller)`), { timeout: 20_000 }).toBe(true);
  await context.setOffline(true);
  await context.route('**/*', abortOffline);
  await page.route('**/api/**', abortOffline);

  const created = await page.goto('/field-inspection/new-offline');
  expect(created?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'New Offline Inspection' })).toBeVisible();
  await page.getByLabel('Street').fill('77 Offline Ave');
  await page.getByLabel('Homeowner name').fill('Off Line');
  await page.getByRole('button', { name: 'Next: Areas' }).click();
  await expect(page).toHaveURL(new RegExp(`/field-inspection/${UUID}/areas-offline$`));
  const offlineId = sessionIdOf(page);
  await expect(page.getByText('On this device only: syncs when online')).toBeVisible();
  const offlineHouse = page.getByRole('region', { name: /Main house/ });
  await offlineHouse.getByRole('checkbox', { name: 'Siding' }).click();
  await offlineHouse.getByRole('checkbox', { name: 'S slope' }).click();
  await offlineHouse.getByLabel('Test square hits (S)').fill('4');
  await page.getByRole('button', { name: 'Next: Overview photos' }).click();
  await expect(page).toHaveURL(new RegExp(`/field-inspection/${offlineId}/phase-offline/overview$`));

  // Reload with no network: the page and the session come from the device.
  const reloaded = await page.goto(`/field-inspection/${offlineId}/areas-offline`);
  expect(reloaded?.fromServiceWorker()).toBe(true);
  const again = page.getByRole('region', { name: /Main house/ });
  await expect(again.getByRole('checkbox', { name: 'Siding' })).toBeChecked();
  await expect(again.getByLabel('Test square hits (S)')).toHaveValue('4');
  await again.getByRole('checkbox', { name: 'Windows' }).click();
  await page.getByRole('button', { name: 'Next: Overview photos' }).click();
  await expect(page).toHaveURL(new RegExp(`/field-inspection/${offlineId}/phase-offline/overview$`));

  await page.goto('/field-inspection');
  await expect(page.getByText('1 inspection not on the server yet')).toBeVisible();

  // Back online: the session syncs once, with what was typed offline.
  await page.unroute('**/api/**');
  await context.unroute('**/*');
  await context.setOffline(false);
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/inspections/${offlineId}`);
        return response.status();
      },
      { timeout: 20_000 },
    )
    .toBe(200);
  await expect.poll(async () => (await serverSession(page.request, offlineId)).structures[0]?.areas ?? [], { timeout: 15_000 }).toContain('windows');
  const synced = await serverSession(page.request, offlineId);
  expect(synced).toMatchObject({ street: '77 Offline Ave', homeownerName: 'Off Line' });
  expect(synced.structures[0]?.areas).toEqual(expect.arrayContaining(['siding', 'windows']));
  expect(synced.structures[0]?.slopes).toEqual([{ direction: 'S', testSquareHits: 4 }]);
  const list = (await (await page.request.get('/api/inspections?q=Offline%20Ave')).json()) as InspectionList;
  expect(list.total).toBe(1);
  const all = (await (await page.request.get('/api/inspections')).json()) as InspectionList;
  expect(all.sessions.map((s) => s.id).sort()).toEqual([id, offlineId].sort());
  await expect(page.getByText('Everything on this device is synced.')).toBeVisible({ timeout: 15_000 });
});
