import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeListener } from '../../lib/realtime/realtime-client';
import { notify } from '../../lib/toast';
import { answer, json, sent } from '../../test/fake-server';
import { BOB, CARA, DAN, conversation } from '../../test/chat-shell-fakes';
import { renderWithSession } from '../../test/render-with-session';
import { alice, answerSession } from '../../test/session-fakes';
import ChatWidget, { buttonBottom, chatButtonLabel, DOCKED_QUERY } from './chat-widget';

vi.mock('../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));
// The thread is its own part (messages, composer); here it only says which conversation is open.
vi.mock('./thread/conversation-thread', () => ({ ConversationThread: ({ conversationId }: { conversationId: string }) => <p>Thread of {conversationId}</p> }));
const listeners = new Set<RealtimeListener>();
vi.mock('../../lib/realtime/realtime-client', () => ({
  subscribeRealtime: (listener: RealtimeListener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  sendRealtime: () => false,
}));

beforeEach(() => {
  vi.clearAllMocks();
  listeners.clear();
});

function renderWidget(url = '/dashboard') {
  answerSession(alice);
  answer('GET /api/chat/colleagues', json({ colleagues: [BOB, CARA, DAN] }));
  renderWithSession(<ChatWidget assistant={() => <p>Assistant thread</p>} />, {
    url,
    queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  });
}

describe('where the chat button sits', () => {
  it('16 px above the foot of the screen, or 16 px above a bar that lies where it would be (a sticky action bar, the upload panel)', () => {
    expect(buttonBottom(740, [])).toBe(16);
    // A bar below the screen (the page scrolled up), or ending higher up (the page's end): the foot.
    expect(buttonBottom(740, [{ top: 900, bottom: 1045 }])).toBe(16);
    expect(buttonBottom(740, [{ top: 300, bottom: 445 }])).toBe(16);
    // A phone's bar with two stacked buttons, 145 px tall, stuck at the foot.
    expect(buttonBottom(740, [{ top: 595, bottom: 740 }])).toBe(161);
    // The upload panel stands on the bar: above both.
    expect(
      buttonBottom(740, [
        { top: 595, bottom: 740 },
        { top: 420, bottom: 560 },
      ]),
    ).toBe(336);
  });
});

describe('the chat button on a phone or tablet', () => {
  it("is one of the header's buttons (in the shell's dock), not floating over the page; on a wide screen it floats", async () => {
    const matches = { value: true };
    const media = vi.fn((query: string) => ({
      matches: query === DOCKED_QUERY && matches.value,
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    }));
    vi.stubGlobal('matchMedia', media);
    const dock = document.createElement('div');
    dock.setAttribute('data-chat-dock', '');
    document.body.append(dock);
    try {
      answer('GET /api/chat/conversations', json({ conversations: [], totalUnread: 2 }));
      renderWidget();
      const button = await screen.findByRole('button', { name: 'Open team chat, 2 unread' });
      expect(dock).toContainElement(button);
      expect(button).toHaveAttribute('data-chat-button', 'docked');
      expect(button.className).not.toMatch(/\bfixed\b/);
      expect(within(button).getByText('2')).toBeInTheDocument();
    } finally {
      dock.remove();
      vi.unstubAllGlobals();
    }
    answer('GET /api/chat/conversations', json({ conversations: [], totalUnread: 0 }));
    renderWidget();
    const floating = (await screen.findAllByRole('button', { name: 'Open team chat' })).at(-1);
    expect(floating).toHaveAttribute('data-chat-button', 'floating');
    expect(floating?.className).toMatch(/\bfixed\b/);
  });
});

describe('chat button badge', () => {
  it('names the unread count, 99+ above 99', () => {
    expect(chatButtonLabel(0)).toBe('Open team chat');
    expect(chatButtonLabel(3)).toBe('Open team chat, 3 unread');
    expect(chatButtonLabel(99)).toBe('Open team chat, 99 unread');
    expect(chatButtonLabel(100)).toBe('Open team chat, 99+ unread');
  });

  it('shows the total unread on the round button', async () => {
    answer('GET /api/chat/conversations', json({ conversations: [conversation({ unreadCount: 120 })], totalUnread: 120 }));
    renderWidget();
    const button = await screen.findByRole('button', { name: 'Open team chat, 99+ unread' });
    expect(within(button).getByText('99+')).toBeInTheDocument();
  });

  it('is not on /messages, where the chat is the page', async () => {
    answer('GET /api/chat/conversations', json({ conversations: [], totalUnread: 0 }));
    renderWidget('/messages');
    await waitFor(() => expect(sent('GET /api/chat/conversations')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /Open team chat/ })).not.toBeInTheDocument();
  });
});

describe('chat panel', () => {
  const dm = conversation({ with: [BOB], lastMessageAt: '2026-11-20T10:00:00.000Z', lastMessagePreview: 'Tarp is on the north slope, c…', unreadCount: 12 });
  const group = conversation({
    name: 'Storm crew',
    with: [CARA, DAN],
    lastMessageAt: '2026-11-19T10:00:00.000Z',
    lastMessagePreview: 'Adjuster at 3',
    unreadCount: 2,
  });
  const quiet = conversation({ with: [DAN] });

  it('lists every conversation the server lists, in its order, with the title, preview and unread count (9+ above 9)', async () => {
    answer('GET /api/chat/conversations', json({ conversations: [dm, group, quiet], totalUnread: 14 }));
    renderWidget();
    await userEvent.click(await screen.findByRole('button', { name: 'Open team chat, 14 unread' }));
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const rows = within(list).getAllByRole('button');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Bob Shingle.*Tarp is on the north slope, c….*9\+ unread$/),
      expect.stringMatching(/^Storm crew.*Adjuster at 3.*2 unread$/),
      expect.stringMatching(/^Dan Flash.*No messages yet$/),
    ]);
  });

  it('says so when there is no conversation yet', async () => {
    answer('GET /api/chat/conversations', json({ conversations: [], totalUnread: 0 }));
    renderWidget();
    await userEvent.click(await screen.findByRole('button', { name: 'Open team chat' }));
    expect(await screen.findByText('No conversations yet. Start one with a colleague.')).toBeInTheDocument();
  });

  it('opens a conversation with its title, and Escape closes the panel and gives focus back to the button', async () => {
    answer('GET /api/chat/conversations', json({ conversations: [dm, group], totalUnread: 14 }));
    answer('GET /api/chat/conversations/:id', json({ conversation: group }));
    renderWidget();
    await userEvent.click(await screen.findByRole('button', { name: /Open team chat/ }));
    const panel = await screen.findByRole('dialog', { name: 'Team chat' });
    await userEvent.click(await within(panel).findByRole('button', { name: /Storm crew/ }));
    expect(await within(panel).findByRole('heading', { level: 2, name: 'Storm crew' })).toBeInTheDocument();
    expect(within(panel).getByText(`Thread of ${group.id}`)).toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Open team chat/ })).toHaveFocus();
  });

  it('leaves the panel open when Escape closes a dialog opened from it', async () => {
    answer('GET /api/chat/conversations', json({ conversations: [dm], totalUnread: 12 }));
    renderWidget();
    await userEvent.click(await screen.findByRole('button', { name: /Open team chat/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'New conversation' }));
    expect(await screen.findByRole('dialog', { name: 'New conversation' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New conversation' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Team chat' })).toBeInTheDocument();
  });

  it('reads the list again once per burst of realtime events, so the badge follows without a reload', async () => {
    answer('GET /api/chat/conversations', [
      json({ conversations: [dm], totalUnread: 0 }),
      json({ conversations: [{ ...dm, unreadCount: 3 }], totalUnread: 3 }),
    ]);
    renderWidget();
    await screen.findByRole('button', { name: 'Open team chat' });
    await waitFor(() => expect(listeners.size).toBe(1));
    act(() => {
      for (const listener of listeners) {
        listener({ type: 'message-ref', conversationId: dm.id, messageId: '11111111-1111-4111-8111-111111111111', seq: 7 });
        listener({ type: 'membership', conversationId: dm.id });
      }
    });
    expect(await screen.findByRole('button', { name: 'Open team chat, 3 unread' })).toBeInTheDocument();
    expect(sent('GET /api/chat/conversations')).toHaveLength(2);
  });

  it('archives the open conversation after asking, says so, and goes back to the list', async () => {
    let archived = false;
    answer('GET /api/chat/conversations', () => json(archived ? { conversations: [dm], totalUnread: 12 } : { conversations: [dm, group], totalUnread: 14 }));
    answer('GET /api/chat/conversations/:id', json({ conversation: group }));
    answer('POST /api/chat/conversations/:id/archive', () => {
      archived = true;
      return json({ conversation: { ...group, archived: true } });
    });
    renderWidget();
    await userEvent.click(await screen.findByRole('button', { name: /Open team chat/ }));
    await userEvent.click(await screen.findByRole('button', { name: /Storm crew/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Archive Storm crew' }));
    const confirm = await screen.findByRole('dialog', { name: 'Archive Storm crew?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Archive' }));

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Conversation archived', 'The conversation has been archived and is no longer visible.'));
    expect(sent().find((request) => request.method === 'POST')?.path).toBe(`/api/chat/conversations/${group.id}/archive`);
    await waitFor(() => expect(screen.queryByRole('button', { name: /Storm crew/ })).not.toBeInTheDocument());
    expect(screen.getByText('Choose a conversation, or start a new one.')).toBeInTheDocument();
  });
});
