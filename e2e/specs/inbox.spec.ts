import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { ORIGIN_HEADERS, signUpAndConfirmApi, signedInUser } from '../support/flows';
import { newUser } from '../support/users';

type Me = { id: string; firstName: string; lastName: string; company: { id: string } | null };

async function me(page: Page): Promise<Me> {
  const response = await page.request.get('/api/me');
  expect(response.status()).toBe(200);
  return (await response.json()) as Me;
}

/** `sender` writes in the conversation, mentioning `mentioned`, through the chat API. */
async function sendMention(sender: Page, conversationId: string, mentioned: string, content: string): Promise<void> {
  const response = await sender.request.post(`/api/chat/conversations/${conversationId}/messages`, {
    headers: ORIGIN_HEADERS,
    data: { clientId: randomUUID(), content, mentions: [mentioned] },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test.describe('inbox', () => {
  test('a colleague’s mention arrives in the open inbox live, opens its conversation, and mark all read clears the count', async ({ page, browser }) => {
    // Two colleagues: an owner, and a member who joined through the owner's invitation.
    const owner = await signedInUser(page, 'inbox-owner');
    const ownerMe = await me(page);
    const colleague = newUser('inbox-colleague');
    const invited = await page.request.post('/api/team/invitations', { headers: ORIGIN_HEADERS, data: { email: colleague.email, role: 'member' } });
    expect(invited.status(), await invited.text()).toBe(201);
    const invitation = (await invited.json()) as { id: string };
    const colleagueContext = await browser.newContext();
    const inbox = await colleagueContext.newPage();
    await signUpAndConfirmApi(inbox.request, colleague, { invitationId: invitation.id });
    const colleagueMe = await me(inbox);
    expect(colleagueMe.company?.id).toBe(ownerMe.company?.id);

    // The colleague's inbox is open, and empty, before anything is said.
    await inbox.goto('/inbox');
    await expect(inbox.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
    await expect(inbox.getByText('No notifications yet')).toBeVisible();
    await expect(inbox.getByTestId('inbox-unread-count')).toHaveText('All caught up');

    // The owner opens a direct message with them and mentions them twice.
    const created = await page.request.post('/api/chat/conversations', { headers: ORIGIN_HEADERS, data: { memberIds: [colleagueMe.id] } });
    expect(created.status(), await created.text()).toBe(201);
    const { conversation } = (await created.json()) as { conversation: { id: string } };
    const ownerName = `${owner.firstName} ${owner.lastName}`;
    const words = `@${colleague.firstName} can you check the ridge vent on Elm St?`;
    await sendMention(page, conversation.id, colleagueMe.id, words);

    // It shows without a reload, on top, unread, with its words and who wrote it.
    const list = inbox.getByRole('list', { name: 'Notifications' });
    const first = list.getByRole('article').first();
    await expect(first).toHaveAccessibleName(`Unread: ${ownerName} mentioned you`, { timeout: 5_000 });
    // The body is the message's preview: its first 30 characters.
    await expect(first.getByText(`${words.slice(0, 30)}…`)).toBeVisible();
    await expect(first.getByText(`${ownerName} ·`)).toBeVisible();
    await expect(inbox.getByTestId('inbox-unread-count')).toHaveText('1 unread');
    await expect(inbox.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inbox 1 unread' })).toBeVisible();

    await sendMention(page, conversation.id, colleagueMe.id, 'And the gutters, please');
    await expect(list.getByRole('article')).toHaveCount(2);
    await expect(inbox.getByTestId('inbox-unread-count')).toHaveText('2 unread');
    await expectNoSeriousA11yViolations(inbox);

    // Opening the older one goes to its conversation and marks it read.
    await list
      .getByRole('link', { name: `${ownerName} mentioned you` })
      .last()
      .click();
    await expect(inbox).toHaveURL(new RegExp(`/messages\\?conversation=${conversation.id}$`));
    await inbox.goto('/inbox');
    await expect(inbox.getByTestId('inbox-unread-count')).toHaveText('1 unread');
    await expect(list.getByRole('article').last()).toHaveAccessibleName(`${ownerName} mentioned you`);

    // Mark all as read clears the count, the marks and the navigation's badge.
    await inbox.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(inbox.getByTestId('inbox-unread-count')).toHaveText('All caught up');
    await expect(list.getByText('Unread:')).toHaveCount(0);
    await expect(inbox.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    await expect(inbox.getByTestId('inbox-nav-badge')).toHaveCount(0);
    await inbox.reload();
    await expect(inbox.getByTestId('inbox-unread-count')).toHaveText('All caught up');

    // The owner's own inbox holds none of it.
    const ownerInbox = await page.request.get('/api/notifications');
    expect(await ownerInbox.json()).toEqual({ notifications: [], unreadCount: 0 });
    await colleagueContext.close();
  });

  test('on a phone, /inbox fits the screen with thumb-sized actions', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signedInUser(page, 'inbox-phone');
    await page.goto('/inbox');
    await expect(page.getByText('No notifications yet')).toBeVisible();
    const button = await page.getByRole('button', { name: 'Mark all as read' }).boundingBox();
    expect(button?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate<number>(`document.documentElement.scrollWidth`)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);
  });
});
