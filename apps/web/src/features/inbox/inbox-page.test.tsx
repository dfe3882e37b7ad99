import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification, NotificationsResponse, RealtimeEvent } from '@ridgeline/shared/contracts/chat';
import { notify } from '../../lib/toast';
import { answer, apiError, json, sent } from '../../test/fake-server';
import { renderWithSession } from '../../test/render-with-session';
import { alice, answerSession } from '../../test/session-fakes';
import InboxPage, { INBOX_EMPTY_TEXT } from './inbox-page';

vi.mock('../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

// The realtime socket, faked: the test holds the page's listener and hands it events.
const realtime = vi.hoisted(() => ({ listeners: new Set<(event: RealtimeEvent) => void>() }));
vi.mock('../../lib/realtime/realtime-client', () => ({
  subscribeRealtime: (listener: (event: RealtimeEvent) => void) => {
    realtime.listeners.add(listener);
    return () => realtime.listeners.delete(listener);
  },
  sendRealtime: () => false,
}));

function emit(event: RealtimeEvent) {
  act(() => {
    for (const listener of realtime.listeners) listener(event);
  });
}

const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

function fakeNotification(n: number, overrides: Partial<Notification> = {}): Notification {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    kind: 'mention',
    title: `Notification ${n}`,
    body: '',
    link: null,
    actorName: null,
    readAt: null,
    createdAt: ago(n * MINUTE),
    ...overrides,
  };
}

const MENTION = fakeNotification(1, {
  title: 'Olive Owner mentioned you',
  body: 'Can you check the ridge vent…',
  link: '/messages?conversation=11111111-1111-4111-8111-111111111111',
  actorName: 'Olive Owner',
  createdAt: ago(5 * MINUTE),
});
const STATUS = fakeNotification(2, { kind: 'status_change', title: 'Claim moved to Approved', readAt: ago(MINUTE), createdAt: ago(2 * 3_600_000) });

function answerInbox(body: NotificationsResponse) {
  answer('GET /api/notifications', json(body));
}

beforeEach(() => {
  vi.clearAllMocks();
  realtime.listeners.clear();
});

function renderInbox() {
  answerSession(alice);
  renderWithSession(<InboxPage />, { url: '/inbox', queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }) });
}

const items = async () => within(await screen.findByRole('list', { name: 'Notifications' })).getAllByRole('article');

describe('/inbox', () => {
  it('lists notifications newest first: unread ones marked, each with its title, body, actor, time and link', async () => {
    answerInbox({ notifications: [MENTION, STATUS], unreadCount: 1 });
    renderInbox();
    expect(screen.getByRole('heading', { level: 1, name: 'Inbox' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Inbox - Ridgeline'));
    const [first, second] = await items();
    if (!first || !second) throw new Error('two notifications expected');

    const mention = within(first);
    expect(first).toHaveAccessibleName('Unread: Olive Owner mentioned you');
    expect(mention.getByRole('link', { name: 'Olive Owner mentioned you' })).toHaveAttribute('href', MENTION.link);
    expect(mention.getByText('Can you check the ridge vent…')).toBeInTheDocument();
    expect(mention.getByText(/Olive Owner ·/)).toBeInTheDocument();
    expect(mention.getByText('5 minutes ago')).toHaveAttribute('datetime', MENTION.createdAt);
    expect(mention.getByRole('heading', { level: 2 })).toHaveClass('font-semibold');
    expect(mention.getByRole('button', { name: 'Mark as read “Olive Owner mentioned you”' })).toBeEnabled();

    const status = within(second);
    expect(second).toHaveAccessibleName('Claim moved to Approved');
    expect(status.queryByText('Unread:')).not.toBeInTheDocument();
    expect(status.queryByRole('link')).not.toBeInTheDocument();
    expect(status.getByText('2 hours ago')).toBeInTheDocument();
    expect(status.queryByRole('button', { name: /Mark as read/ })).not.toBeInTheDocument();

    expect(screen.getByTestId('inbox-unread-count')).toHaveTextContent('1 unread');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(sent('GET /api/notifications').map((r) => r.path)).toEqual(['/api/notifications?limit=50']);
  });

  it('shows the empty state, with "Mark all as read" disabled', async () => {
    answerInbox({ notifications: [], unreadCount: 0 });
    renderInbox();
    expect(await screen.findByText(INBOX_EMPTY_TEXT)).toBeInTheDocument();
    expect(screen.getByTestId('inbox-unread-count')).toHaveTextContent('All caught up');
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('marks one read: the server’s answer replaces it and the count drops', async () => {
    const second = fakeNotification(3, { title: 'Another mention' });
    answerInbox({ notifications: [MENTION, second], unreadCount: 2 });
    answer(`POST /api/notifications/${MENTION.id}/read`, json({ ...MENTION, readAt: new Date().toISOString() }));
    renderInbox();
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as read “Olive Owner mentioned you”' }));
    await waitFor(() => expect(screen.getByTestId('inbox-unread-count')).toHaveTextContent('1 unread'));
    const [first] = await items();
    expect(first).toHaveAccessibleName('Olive Owner mentioned you');
    expect(screen.queryByRole('button', { name: 'Mark as read “Olive Owner mentioned you”' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark as read “Another mention”' })).toBeInTheDocument();
    expect(sent(`POST /api/notifications/${MENTION.id}/read`)).toHaveLength(1);
  });

  it('marks one read when its link is opened', async () => {
    answerInbox({ notifications: [MENTION], unreadCount: 1 });
    answer(`POST /api/notifications/${MENTION.id}/read`, json({ ...MENTION, readAt: new Date().toISOString() }));
    renderInbox();
    await userEvent.click(await screen.findByRole('link', { name: 'Olive Owner mentioned you' }));
    await waitFor(() => expect(sent(`POST /api/notifications/${MENTION.id}/read`)).toHaveLength(1));
  });

  it('says so when marking fails, and the notification stays unread', async () => {
    answerInbox({ notifications: [MENTION], unreadCount: 1 });
    answer(`POST /api/notifications/${MENTION.id}/read`, apiError('NOT_FOUND', { message: 'Notification not found' }));
    renderInbox();
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as read “Olive Owner mentioned you”' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Could not mark as read', expect.any(String)));
    expect(screen.getByTestId('inbox-unread-count')).toHaveTextContent('1 unread');
  });

  it('marks all read: every one loses its mark and the count clears', async () => {
    const second = fakeNotification(3, { title: 'Another mention' });
    answerInbox({ notifications: [MENTION, second, STATUS], unreadCount: 2 });
    answer('POST /api/notifications/read-all', json({ updated: 2 }));
    renderInbox();
    await screen.findByRole('list', { name: 'Notifications' });
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(screen.getByTestId('inbox-unread-count')).toHaveTextContent('All caught up'));
    expect(screen.queryAllByRole('button', { name: /Mark as read/ })).toHaveLength(0);
    expect((await items()).map((item) => item.textContent?.includes('Unread:'))).toEqual([false, false, false]);
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    expect(sent('POST /api/notifications/read-all')).toHaveLength(1);
  });

  it('puts a notification that arrives live on top, once, counts it, and reads the inbox again after a reconnection', async () => {
    answerInbox({ notifications: [STATUS], unreadCount: 0 });
    renderInbox();
    await screen.findByRole('list', { name: 'Notifications' });
    expect(realtime.listeners.size).toBe(1);

    const live = fakeNotification(9, { title: 'Casey Crew mentioned you', createdAt: new Date().toISOString(), link: '/projects/p-1?tab=messages' });
    emit({ type: 'notification', notification: live });
    emit({ type: 'notification', notification: live });
    const [first, second, third] = await items();
    expect(first).toHaveAccessibleName('Unread: Casey Crew mentioned you');
    expect(second).toHaveAccessibleName('Claim moved to Approved');
    expect(third).toBeUndefined();
    expect(screen.getByTestId('inbox-unread-count')).toHaveTextContent('1 unread');
    expect(screen.getByText('New notification: Casey Crew mentioned you')).toBeInTheDocument();
    expect(sent('GET /api/notifications')).toHaveLength(1);

    // A reconnection reads what came meanwhile; the server's answer is the list from then on.
    answerInbox({ notifications: [fakeNotification(10, { title: 'While offline', createdAt: new Date().toISOString() }), live, STATUS], unreadCount: 2 });
    emit({ type: 'ready' });
    await waitFor(() => expect(screen.getByTestId('inbox-unread-count')).toHaveTextContent('2 unread'));
    expect((await items()).map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Unread: While offline',
      'Unread: Casey Crew mentioned you',
      'Claim moved to Approved',
    ]);
    expect(sent('GET /api/notifications')).toHaveLength(2);
  });

  it('loads more after a full page, starting after its last notification', async () => {
    const firstPage = Array.from({ length: 50 }, (_, i) => fakeNotification(i + 1, { readAt: ago(0) }));
    const lastOfPage = firstPage.at(-1);
    if (!lastOfPage) throw new Error('a full page expected');
    answer('GET /api/notifications', (request) =>
      request.url.searchParams.get('before') === lastOfPage.id
        ? json({ notifications: [fakeNotification(51, { title: 'The oldest one' })], unreadCount: 1 })
        : json({ notifications: firstPage, unreadCount: 1 }),
    );
    renderInbox();
    expect(await items()).toHaveLength(50);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('heading', { name: 'Unread: The oldest one' })).toBeInTheDocument();
    expect(await items()).toHaveLength(51);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(sent('GET /api/notifications').map((r) => r.url.searchParams.get('before'))).toEqual([null, lastOfPage.id]);
  });

  it('says what went wrong when the inbox cannot be read', async () => {
    answer('GET /api/notifications', apiError('NO_COMPANY'));
    renderInbox();
    expect(await screen.findByRole('alert')).toHaveTextContent(/company/i);
  });
});
