import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { ORIGIN_HEADERS, signedInUser, signUpAndConfirmApi } from '../support/flows';
import { newUser } from '../support/users';
import config from '../playwright.config';
import { axeWithoutToasts } from '../support/toasts';

// One conversation between two colleagues of one company, in two browser contexts: text sent with
// Enter (Shift+Enter a new line), an image shown inline and a PDF opened by the other, a file over
// the limit refused, a voice note from Chromium's fake microphone, two messages written offline
// delivered once each and in order when the network returns, and "load earlier" past 200 messages.

// Chromium's fake microphone, granted without asking, for the voice note (the file's browser, so top level).
const launchOptions = config.use?.launchOptions ?? {};
test.use({
  launchOptions: { ...launchOptions, args: [...(launchOptions.args ?? []), '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'] },
});

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

type Pair = { page: Page; other: Page; otherContext: BrowserContext; conversationId: string };

/** An owner (in `page`) and a colleague they invited (in a second context), with a direct message between them. */
async function twoColleagues(browser: Browser, page: Page): Promise<Pair> {
  await signedInUser(page, 'chat-owner');
  const colleague = newUser('chat-mate');
  const invited = await page.request.post('/api/team/invitations', { headers: ORIGIN_HEADERS, data: { email: colleague.email, role: 'member' } });
  expect(invited.status(), await invited.text()).toBe(201);
  const { id: invitationId } = (await invited.json()) as { id: string };
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signUpAndConfirmApi(other.request, colleague, { invitationId });

  const colleagues = (await (await page.request.get('/api/chat/colleagues')).json()) as { colleagues: { id: string; email: string }[] };
  const mate = colleagues.colleagues.find((c) => c.email === colleague.email);
  expect(mate, 'the colleague is listed').toBeDefined();
  const created = await page.request.post('/api/chat/conversations', { headers: ORIGIN_HEADERS, data: { memberIds: [mate?.id] } });
  expect(created.status(), await created.text()).toBe(201);
  const { conversation } = (await created.json()) as { conversation: { id: string } };
  return { page, other, otherContext, conversationId: conversation.id };
}

async function openThread(page: Page, conversationId: string): Promise<void> {
  await page.goto(`/messages?conversation=${conversationId}`);
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
}

/** Before the network goes: the page's lazy parts (the floating chat's code) have all loaded. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
}

function thread(page: Page) {
  return page.getByRole('list', { name: 'Messages' });
}

/** The stored messages of the conversation, as the API reads them (oldest first). */
async function storedContents(page: Page, conversationId: string): Promise<string[]> {
  const response = await page.request.get(`/api/chat/conversations/${conversationId}/messages`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { messages: { content: string }[] }).messages.map((m) => m.content);
}

test.describe('chat thread', () => {
  test('Enter sends, Shift+Enter adds a line; the colleague sees it once', async ({ browser, page }) => {
    const { other, otherContext, conversationId } = await twoColleagues(browser, page);
    await openThread(page, conversationId);
    await openThread(other, conversationId);

    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('');
    await box.pressSequentially('Tarp on the north slope');
    await box.press('Shift+Enter');
    await box.pressSequentially('photos after lunch');
    await expect(box).toHaveValue('Tarp on the north slope\nphotos after lunch');
    await box.press('Enter');
    await expect(box).toHaveValue('');

    const mine = thread(page).getByText(/Tarp on the north slope/);
    await expect(mine).toHaveCount(1);
    expect(await mine.evaluate((node) => node.closest('p')?.textContent)).toBe('Tarp on the north slope\nphotos after lunch');
    await expect(thread(other).getByText(/Tarp on the north slope/)).toHaveCount(1);

    // Empty (spaces only) is never sent.
    await box.fill('   ');
    await box.press('Enter');
    await expect.poll(() => storedContents(page, conversationId)).toEqual(['Tarp on the north slope\nphotos after lunch']);

    await axeWithoutToasts(page);
    await otherContext.close();
  });

  test('an image shows inline for the colleague, a PDF opens, a file over 25 MB is refused', async ({ browser, page }) => {
    const { other, otherContext, conversationId } = await twoColleagues(browser, page);
    await openThread(page, conversationId);
    await openThread(other, conversationId);
    const picker = page.getByLabel('Attachment');

    await picker.setInputFiles({ name: 'north-slope.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await expect(page.getByText('Uploaded')).toBeVisible();
    await expect(page.getByText('Attachment sent.')).toBeVisible();
    const image = thread(other).getByRole('img', { name: 'north-slope.png' });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((node) => (node as unknown as { naturalWidth: number }).naturalWidth)).toBe(1);

    await picker.setInputFiles({ name: 'estimate.pdf', mimeType: 'application/pdf', buffer: PDF });
    const fileButton = thread(other).getByRole('button', { name: /estimate\.pdf/ });
    await expect(fileButton).toBeVisible();
    const popup = other.waitForEvent('popup');
    const freshUrl = other.waitForResponse((response) => /\/api\/chat\/attachments\/[^/]+\/url$/.test(new URL(response.url()).pathname));
    await fileButton.click();
    const tab = await popup;
    const { url } = (await (await freshUrl).json()) as { url: string };
    const file = await other.request.get(url);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toContain('application/pdf');
    await tab.close();

    await picker.setInputFiles({ name: 'drone-flight.mp4', mimeType: 'video/mp4', buffer: Buffer.alloc(26 * 1024 * 1024) });
    await expect(page.getByText('Upload failed')).toBeVisible();
    await expect(page.getByText('Files can be up to 25 MB.')).toBeVisible();
    await otherContext.close();
  });

  test('messages written offline wait as pending and arrive once each, in order, when the network returns', async ({ browser, page, context }) => {
    const { other, otherContext, conversationId } = await twoColleagues(browser, page);
    await openThread(page, conversationId);
    await openThread(other, conversationId);

    await settled(page);
    await context.setOffline(true);
    await page.route('**/api/**', (route) => route.abort());
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Offline first');
    await box.press('Enter');
    await box.fill('Offline second');
    await box.press('Enter');
    await expect(page.getByText('Sending when back online')).toHaveCount(2);
    await expect(box).toHaveValue('');

    await page.unroute('**/api/**');
    await context.setOffline(false);
    await expect(page.getByText('Sending when back online')).toHaveCount(0, { timeout: 20_000 });
    await expect(thread(page).getByText('Offline first')).toHaveCount(1);
    await expect(thread(page).getByText('Offline second')).toHaveCount(1);

    await expect(thread(other).getByText('Offline first')).toHaveCount(1, { timeout: 10_000 });
    await expect(thread(other).getByText('Offline second')).toHaveCount(1);
    const texts = await thread(other).getByRole('listitem').allTextContents();
    expect(texts.findIndex((t) => t.includes('Offline first'))).toBeLessThan(texts.findIndex((t) => t.includes('Offline second')));
    expect(await storedContents(page, conversationId)).toEqual(['Offline first', 'Offline second']);
    await otherContext.close();
  });

  test('a message kept offline survives a reload and is sent once the server can be reached', async ({ browser, page, context }) => {
    const { otherContext, conversationId } = await twoColleagues(browser, page);
    await openThread(page, conversationId);
    // Sending messages keeps failing for want of network, while the page itself can load.
    const sendRoute = `**/api/chat/conversations/${conversationId}/messages`;
    await page.route(sendRoute, (route) => (route.request().method() === 'POST' ? route.abort() : route.continue()));
    await settled(page);
    await context.setOffline(true);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Kept through a reload');
    await box.press('Enter');
    await expect(page.getByText('Sending when back online')).toHaveCount(1);
    await context.setOffline(false);

    await page.reload();
    await expect(page.getByText('Sending when back online')).toHaveCount(1);
    await expect(thread(page).getByText('Kept through a reload')).toHaveCount(1);
    expect(await storedContents(page, conversationId)).toEqual([]);

    await page.unroute(sendRoute);
    await expect(page.getByText('Sending when back online')).toHaveCount(0, { timeout: 20_000 });
    await expect(thread(page).getByText('Kept through a reload')).toHaveCount(1);
    expect(await storedContents(page, conversationId)).toEqual(['Kept through a reload']);
    await otherContext.close();
  });

  test('the latest 200 show first; "Load earlier messages" brings the rest', async ({ browser, page }) => {
    const { other, otherContext, conversationId } = await twoColleagues(browser, page);
    for (let i = 1; i <= 205; i++) {
      const response = await page.request.post(`/api/chat/conversations/${conversationId}/messages`, {
        headers: ORIGIN_HEADERS,
        data: { clientId: crypto.randomUUID(), content: `Seeded ${i}` },
      });
      expect(response.status()).toBe(201);
    }
    await openThread(other, conversationId);
    await expect(thread(other).getByText('Seeded 205', { exact: true })).toBeVisible();
    await expect(thread(other).getByRole('listitem')).toHaveCount(200);
    await expect(thread(other).getByText('Seeded 5', { exact: true })).toHaveCount(0);
    await other.getByRole('button', { name: 'Load earlier messages' }).click();
    await expect(thread(other).getByRole('listitem')).toHaveCount(205);
    await expect(thread(other).getByText('Seeded 1', { exact: true })).toHaveCount(1);
    await expect(other.getByRole('button', { name: 'Load earlier messages' })).toHaveCount(0);
    await otherContext.close();
  });
});

test.describe('voice notes', () => {
  test('a voice note recorded from the microphone arrives as audio for the colleague', async ({ browser, page }) => {
    const { other, otherContext, conversationId } = await twoColleagues(browser, page);
    await openThread(page, conversationId);
    await openThread(other, conversationId);

    await page.getByRole('button', { name: 'Record a voice note' }).click();
    await expect(page.getByRole('timer')).toBeVisible();
    // At least two seconds recorded: the timer shows each second only for a second, so a busy
    // machine may look between 0:01 and 0:03 and never see 0:02.
    await expect(page.getByRole('timer')).toHaveText(/^0:(0[2-9]|[1-5]\d)$/, { timeout: 10_000 });
    await page.getByRole('button', { name: 'Stop recording' }).click();
    await expect(page.getByText('Attachment sent.')).toBeVisible();

    const audio = thread(other).locator('audio');
    await expect(audio).toHaveCount(1);
    await expect(audio).toHaveAttribute('aria-label', /^voice-note-.*\.webm$/);
    await expect.poll(() => audio.evaluate((node) => (node as unknown as { readyState: number }).readyState)).toBeGreaterThan(0);
    await otherContext.close();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a message typed while the last one is still sending is kept: the box clears at once, both arrive once, in order', async ({ browser, page }) => {
    const { other, otherContext, conversationId } = await twoColleagues(browser, page);
    await openThread(page, conversationId);
    const box = page.getByRole('textbox', { name: 'Message' });

    // The first send is held by the network until the second message has been typed and sent.
    let releaseFirst: () => void = () => undefined;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    let held = false;
    await page.route(`**/api/chat/conversations/${conversationId}/messages`, async (route) => {
      if (route.request().method() !== 'POST' || held) return route.continue();
      held = true;
      await firstHeld;
      await route.continue();
    });

    await box.fill('Tarp is on the Miller roof');
    await box.press('Enter');
    await expect(box).toHaveValue('');
    await expect(thread(page).getByText('Sending…')).toHaveCount(1);
    await box.fill('Heading to the next roof');
    await box.press('Enter');
    await expect(box).toHaveValue('');
    await expect(thread(page).getByText('Sending…')).toHaveCount(2);

    releaseFirst();
    await expect(thread(page).getByText('Sending…')).toHaveCount(0);
    await expect.poll(() => storedContents(page, conversationId)).toEqual(['Tarp is on the Miller roof', 'Heading to the next roof']);
    await openThread(other, conversationId);
    await expect(thread(other).getByText('Tarp is on the Miller roof')).toHaveCount(1);
    await expect(thread(other).getByText('Heading to the next roof')).toHaveCount(1);
    await page.unroute(`**/api/chat/conversations/${conversationId}/messages`);
    await otherContext.close();
  });
});
