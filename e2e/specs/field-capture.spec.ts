import { createHash, randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { ORIGIN_HEADERS, signedInUser } from '../support/flows';
import { axeWithoutToasts } from '../support/toasts';

// Field capture on a phone: a session started from a claim file, the roof phase's shot list, photos
// taken with the camera input (and through a tapped shot's file chooser), uploaded by the queue, the
// test-square hit count, a drawing saved on one photo (its original untouched), and the project's
// Photos tab: the drawing over the thumbnail, retag, delete and restore.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

type Photo = {
  id: string;
  sha256: string;
  category: string;
  subcategory: string | null;
  notes: string | null;
  url: string;
  annotation: unknown;
  projectId: string | null;
  deletedAt: string | null;
};

/** A small JPEG of one colour (each file different, so each has its own SHA-256). */
async function jpeg(r: number, g: number, b: number): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r, g, b } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function createProject(page: Page): Promise<string> {
  const response = await page.request.post('/api/projects', {
    headers: ORIGIN_HEADERS,
    data: {
      title: 'Hail claim, Elm Street',
      homeownerName: 'Pat Miller',
      street: '12 Elm Street',
      city: 'Tulsa',
      state: 'OK',
      zip: '74103',
      claimNumber: 'CLM-11',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function createSession(page: Page, projectId: string): Promise<string> {
  const id = randomUUID();
  const response = await page.request.post('/api/inspections', {
    headers: ORIGIN_HEADERS,
    data: {
      id,
      projectId,
      editedAt: new Date().toISOString(),
      fields: {
        structures: [
          {
            id: 'house',
            name: 'Main house',
            kind: 'main_house',
            areas: ['roof', 'front', 'right', 'rear', 'left'],
            slopes: [
              { direction: 'N', testSquareHits: null },
              { direction: 'S', testSquareHits: null },
            ],
          },
        ],
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return id;
}

async function sessionPhotos(page: Page, sessionId: string): Promise<Photo[]> {
  const response = await page.request.get(`/api/inspections/${sessionId}/photos`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { photos: Photo[] }).photos;
}

const shot = (page: Page, name: RegExp) => page.getByRole('list', { name: 'Shot list' }).getByRole('button', { name });

test.describe('field capture', () => {
  test('roof phase: capture, upload, hit count, annotate, then the project gallery: drawing, retag, delete, restore', async ({ page }) => {
    test.setTimeout(150_000);
    await signedInUser(page, 'capture');
    const projectId = await createProject(page);
    const sessionId = await createSession(page, projectId);

    await page.goto(`/field-inspection/${sessionId}/roof`);
    await expect(page.getByRole('heading', { level: 1, name: 'Roof photos' })).toBeVisible();
    await expect(shot(page, /^Slope N/)).toHaveAttribute('data-captured', 'false');
    await expect(shot(page, /^Slope N/)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('required-progress')).toHaveText('0 of 4 required shots captured');
    // The capture button is big enough for a gloved thumb and sits at the bottom of the screen.
    const capture = await page.getByTestId('capture-button').boundingBox();
    expect(capture?.height).toBeGreaterThanOrEqual(72);
    expect((capture?.y ?? 0) + (capture?.height ?? 0)).toBeGreaterThan(844 - 40);
    await axeWithoutToasts(page);

    // Two photos from the camera go to the first missing shot, Slope N.
    const files = [await jpeg(200, 40, 40), await jpeg(40, 200, 40), await jpeg(40, 40, 200)];
    await page.getByTestId('camera-input').setInputFiles([
      { name: 'slope-n-1.jpg', mimeType: 'image/jpeg', buffer: files[0] as Buffer },
      { name: 'slope-n-2.jpg', mimeType: 'image/jpeg', buffer: files[1] as Buffer },
    ]);
    await expect(shot(page, /^Slope N/)).toHaveAttribute('data-captured', 'true');
    await expect(shot(page, /^Slope N/)).toContainText('Captured (2 photos)');

    // Tapping a shot opens the camera for it.
    const chooser = page.waitForEvent('filechooser');
    await shot(page, /^Test square N/).click();
    await (await chooser).setFiles({ name: 'test-square-n.jpg', mimeType: 'image/jpeg', buffer: files[2] as Buffer });
    await expect(shot(page, /^Test square N/)).toHaveAttribute('data-captured', 'true');
    await expect(page.getByTestId('required-progress')).toHaveText('2 of 4 required shots captured');

    // The queue uploads them: the compact progress says so, and the server holds each file exactly once.
    await expect(page.getByTestId('session-upload-progress')).toContainText('3 of 3 uploaded', { timeout: 30_000 });
    await expect.poll(async () => (await sessionPhotos(page, sessionId)).length, { timeout: 15_000 }).toBe(3);
    const stored = await sessionPhotos(page, sessionId);
    expect(stored.map((p) => p.sha256).sort()).toEqual(files.map(sha256).sort());
    expect(stored.filter((p) => p.subcategory === 'slope_n')).toHaveLength(2);
    expect(stored.every((p) => p.category === 'roof' && p.projectId === projectId)).toBe(true);
    const testSquare = stored.find((p) => p.subcategory === 'test_square_n');
    expect(testSquare).toBeDefined();

    // The hail hits of the N test square: saved on the device, shown as adjusters read it, synced.
    await page.getByLabel('Test square N hits').fill('11');
    await page.getByLabel('Test square N hits').press('Enter');
    await expect(shot(page, /Test square N = 11/)).toBeVisible();
    await expect
      .poll(
        async () => {
          const response = await page.request.get(`/api/inspections/${sessionId}`);
          const session = (await response.json()) as { structures: { slopes: { direction: string; testSquareHits: number | null }[] }[] };
          return session.structures[0]?.slopes.find((s) => s.direction === 'N')?.testSquareHits;
        },
        { timeout: 15_000 },
      )
      .toBe(11);

    // Annotate the test square photo: an arrow drawn with a finger, saved beside the photo.
    await page.goto(`/field-inspection/${sessionId}/photo-annotation?photo=${testSquare?.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Photo annotation' })).toBeVisible();
    const canvas = page.getByTestId('annotation-canvas');
    await expect(canvas).toBeVisible();
    const box = await canvas.boundingBox();
    if (!box) throw new Error('no drawing area');
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5, { steps: 5 });
    await page.mouse.up();
    await page.getByRole('button', { name: 'Circle' }).click();
    await page.getByRole('button', { name: 'Yellow' }).click();
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.6);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.6, { steps: 3 });
    await page.mouse.up();
    await expect(canvas).toHaveAttribute('aria-label', 'Drawing over the photo: 2 shapes');
    await page.getByRole('button', { name: 'Save annotation' }).click();
    await expect(page.getByRole('button', { name: 'Saved' })).toBeDisabled();
    const annotated = (await (await page.request.get(`/api/photos/${testSquare?.id}`)).json()) as Photo;
    expect(annotated.annotation).toMatchObject({
      version: 1,
      shapes: [
        { type: 'arrow', color: '#ef4444' },
        { type: 'circle', color: '#facc15' },
      ],
    });
    // The original file and its SHA-256 never change.
    expect(annotated.sha256).toBe(sha256(files[2] as Buffer));
    const original = await page.request.get(annotated.url);
    expect(original.status()).toBe(200);
    expect(sha256(Buffer.from(await original.body()))).toBe(sha256(files[2] as Buffer));

    // The project's Photos tab: three photos, the annotated one with its drawing over it.
    await page.goto(`/projects/${projectId}`);
    await page.getByRole('tab', { name: 'Photos' }).click();
    const gallery = page.getByRole('list', { name: 'Photos' });
    await expect(gallery.getByRole('listitem')).toHaveCount(3);
    const tile = gallery.locator(`[data-photo="${testSquare?.id}"]`);
    await expect(tile.getByTestId('annotation-overlay').locator('ellipse')).toHaveCount(1);
    await expect(tile.getByTestId('annotation-overlay').locator('polygon')).toHaveCount(1);
    await axeWithoutToasts(page);

    // Retag: the lightbox's form, saved on the server.
    await tile.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Roof · Test square N' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Retag' }).click();
    await dialog.getByLabel('Category', { exact: true }).selectOption('damage');
    await dialog.getByLabel('Subcategory').selectOption('hail');
    await dialog.getByLabel('Notes').fill('Eleven hits in the square');
    await dialog.getByRole('button', { name: 'Save tags' }).click();
    await expect(dialog.getByRole('heading', { name: 'Damage · Hail' })).toBeVisible();
    await expect(dialog).toContainText('Eleven hits in the square');

    // Delete (soft), then restore from Recently deleted.
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(gallery.getByRole('listitem')).toHaveCount(2);
    await page.getByRole('tab', { name: 'Recently deleted' }).click();
    const deleted = page.getByRole('list', { name: 'Photos' });
    await expect(deleted.getByRole('listitem')).toHaveCount(1);
    await deleted.getByRole('button', { name: /Damage · Hail/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Restore photo' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('tab', { name: 'All photos' }).click();
    await expect(page.getByRole('list', { name: 'Photos' }).getByRole('listitem')).toHaveCount(3);
    const restored = (await (await page.request.get(`/api/photos/${testSquare?.id}`)).json()) as Photo;
    expect(restored).toMatchObject({ deletedAt: null, category: 'damage', subcategory: 'hail', notes: 'Eleven hits in the square' });
  });
});
