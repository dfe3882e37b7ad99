import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { ORIGIN_HEADERS, signedInUser, signUpAndConfirmApi, type TestUser } from './flows';
import { newUser } from './users';

// The team chat's e2e helpers: a company of colleagues, each signed in in a browser context of
// their own, and the floating chat's parts as a user finds them.

export type Colleague = { user: TestUser; name: string; page: Page; context: BrowserContext };

/** The owner signed in in `page` (with a company), and `count` colleagues invited and signed up, each in a context of their own. */
export async function companyOfColleagues(browser: Browser, page: Page, count: number): Promise<{ owner: Colleague; colleagues: Colleague[] }> {
  const ownerUser = await signedInUser(page, 'chat-owner');
  const owner: Colleague = { user: ownerUser, name: `${ownerUser.firstName} ${ownerUser.lastName}`, page, context: page.context() };
  const colleagues: Colleague[] = [];
  for (let i = 0; i < count; i += 1) {
    const user = newUser(`chat-mate${i}`);
    const invited = await page.request.post('/api/team/invitations', { headers: ORIGIN_HEADERS, data: { email: user.email, role: 'member' } });
    expect(invited.status(), await invited.text()).toBe(201);
    const { id: invitationId } = (await invited.json()) as { id: string };
    const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const colleaguePage = await context.newPage();
    await signUpAndConfirmApi(colleaguePage.request, user, { invitationId });
    colleagues.push({ user, name: `${user.firstName} ${user.lastName}`, page: colleaguePage, context });
  }
  return { owner, colleagues };
}

/** The round chat button, whatever its unread count. */
export function chatButton(page: Page) {
  return page.getByRole('button', { name: /^Open team chat/ });
}

/** The open floating panel. */
export function chatPanel(page: Page) {
  return page.getByRole('dialog', { name: /./ }).filter({ has: page.getByRole('navigation', { name: 'Chat conversations' }) });
}

/** The conversation list's row of a conversation (its title first). */
export function conversationRow(page: Page, title: string) {
  return page.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: new RegExp(`^${title}`) });
}

/** The open conversation's messages. */
export function thread(page: Page) {
  return page.getByRole('list', { name: 'Messages' });
}

export function composer(page: Page) {
  return page.getByRole('textbox', { name: 'Message' });
}

/** The value below which `share` of the samples fall (nearest rank). */
export function percentile(samples: number[], share: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * Starts noting, in `page`, when each text containing `marker` first appears in the document: the
 * delivery time is that moment minus the send's, both on this machine's clock.
 */
export async function watchArrivals(page: Page, marker: string): Promise<void> {
  // A string: the e2e project has no DOM types; this runs in the page.
  await page.evaluate(`(() => {
    const needle = ${JSON.stringify(marker)};
    const seen = {};
    window.chatArrivals = seen;
    const scan = () => {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = (node.textContent || '').trim();
        if (text.includes(needle) && seen[text] === undefined) seen[text] = Date.now();
      }
    };
    new MutationObserver(scan).observe(document.body, { childList: true, subtree: true, characterData: true });
    scan();
  })()`);
}

/** When `text` first appeared in `page` (see watchArrivals), once it has (the page noted the moment; reading it later changes nothing). */
export async function arrivedAt(page: Page, text: string): Promise<number> {
  const arrival = await page
    .waitForFunction((wanted) => (globalThis as unknown as { chatArrivals: Record<string, number> }).chatArrivals[wanted] ?? null, text, { timeout: 10_000 })
    .catch(() => {
      throw new Error(`"${text}" never arrived`);
    });
  return (await arrival.jsonValue()) as number;
}
