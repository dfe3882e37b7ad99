import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoHorizontalOverflow } from '../support/layout';
import { signedInUser } from '../support/flows';
import { axeWithoutToasts } from '../support/toasts';

// Shingle ID's optional suggestions from a photo, on a 360 px phone. The e2e stack runs with no AI
// provider (as a fresh clone does): the page then offers nothing and says nothing is missing, which
// the first story checks against the real server. The second story routes ONLY the two vision
// endpoints (GET /api/shingles/vision and POST /api/shingles/vision-suggestions) with page.route, as
// if a provider were set up; everything else (sign-in, the catalog, the form, the ranking) is real.
// The server's side against a provider is covered by apps/server/src/features/shingles/shingle-vision.test.ts.

test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

const SUGGEST = 'Suggest from this photo';
const HEADING = 'Suggested from the photo — check before you use them';

async function jpeg(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 90, g: 80, b: 70 } } })
    .jpeg({ quality: 70 })
    .toBuffer();
}

test('with no AI provider, a picked face photo offers no suggestion and nothing says one is missing', async ({ page }) => {
  await signedInUser(page, 'shingle-vision-none');
  const status = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/shingles/vision');
  await page.goto('/shingle-id');
  expect(await (await status).json()).toEqual({ available: false });
  await expect(page.getByText(/product lines kept on this phone/)).toBeVisible();
  await page.getByLabel('Face of the shingle', { exact: true }).setInputFiles({ name: 'face.jpg', mimeType: 'image/jpeg', buffer: await jpeg() });
  await expect(page.getByRole('list', { name: 'Photos picked' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('button', { name: SUGGEST })).toHaveCount(0);
  await expect(page.getByText(/suggest from|suggested from|AI provider/i)).toHaveCount(0);
});

test('with a provider (the two vision calls routed), the face photo suggests; the user applies, changes and ranks on what the form says', async ({ page }) => {
  await signedInUser(page, 'shingle-vision');
  let sentType: string | null = null;
  let sentBytes = 0;
  await page.route('**/api/shingles/vision', (route) => route.fulfill({ json: { available: true } }));
  await page.route('**/api/shingles/vision-suggestions', async (route) => {
    sentType = route.request().headers()['content-type'] ?? null;
    sentBytes = route.request().postDataBuffer()?.length ?? 0;
    await route.fulfill({ json: { type: 'laminated', cut: 'random_tabs', nailZone: 'fabric_strip', sealant: null } });
  });

  await page.goto('/shingle-id');
  await expect(page.getByText(/product lines kept on this phone/)).toBeVisible();
  // Nothing is offered before a face photo is picked.
  await expect(page.getByRole('button', { name: SUGGEST })).toHaveCount(0);
  const face = await jpeg();
  await page.getByLabel('Face of the shingle', { exact: true }).setInputFiles({ name: 'face.jpg', mimeType: 'image/jpeg', buffer: face });
  await page.getByRole('button', { name: SUGGEST }).click();

  const panel = page.getByRole('region', { name: HEADING });
  await expect(panel).toBeVisible();
  expect(sentType).toBe('image/jpeg');
  expect(sentBytes).toBe(face.length);
  await expect(panel.getByText('Laminated / architectural')).toBeVisible();
  await expect(panel.getByText('Random tabs')).toBeVisible();
  await expect(panel.getByText('Woven fabric nailing strip')).toBeVisible();
  await expect(panel.getByText('Not seen in the photo')).toBeVisible();
  // Shown, not used: the form is unchanged until the user applies.
  await expect(page.getByLabel('Type')).toHaveValue('unknown');
  await expectNoHorizontalOverflow(page, '/shingle-id with suggestions from a photo');
  await axeWithoutToasts(page);

  await panel.getByRole('button', { name: 'Apply to the form' }).click();
  await expect(panel).toHaveCount(0);
  await expect(page.getByLabel('Type')).toHaveValue('laminated');
  await expect(page.getByLabel('Cut')).toHaveValue('random_tabs');
  await expect(page.getByLabel('Nailing area')).toHaveValue('fabric_strip');
  await expect(page.getByLabel('Sealant pattern')).toHaveValue('unknown');

  // The user still decides: a changed field is what the ranking reads.
  await page.getByLabel('Cut').selectOption('unknown');
  await page.getByLabel('Exposure', { exact: true }).fill('5 5/8');
  await page.getByLabel('Length').fill('39 3/8');
  await page.getByRole('button', { name: 'Rank candidates' }).click();
  const results = page.getByRole('region', { name: 'Results (not saved)' });
  await expect(results).toBeVisible();
  await expect(page.getByLabel('Cut')).toHaveValue('unknown');

  // Asked again and dismissed: nothing changes.
  await page.getByRole('button', { name: SUGGEST }).click();
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Dismiss' }).click();
  await expect(panel).toHaveCount(0);
  await expect(page.getByLabel('Cut')).toHaveValue('unknown');
});
