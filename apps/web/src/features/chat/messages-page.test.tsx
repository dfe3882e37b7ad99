import { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answer, json } from '../../test/fake-server';
import { BOB, CARA, conversation } from '../../test/chat-shell-fakes';
import { renderWithSession } from '../../test/render-with-session';
import { alice, answerSession } from '../../test/session-fakes';
import MessagesPage from './messages-page';

vi.mock('./thread/conversation-thread', () => ({ ConversationThread: ({ conversationId }: { conversationId: string }) => <p>Thread of {conversationId}</p> }));
vi.mock('../../lib/realtime/realtime-client', () => ({ subscribeRealtime: () => () => undefined, sendRealtime: () => false }));

describe('/messages', () => {
  const dm = conversation({ with: [BOB] });
  const group = conversation({ name: 'Storm crew', with: [BOB, CARA] });

  function renderPage(url: string) {
    answerSession(alice);
    answer('GET /api/chat/conversations', json({ conversations: [dm, group], totalUnread: 0 }));
    answer('GET /api/chat/conversations/:id', (request) => json({ conversation: request.path.endsWith(group.id) ? group : dm }));
    renderWithSession(<MessagesPage />, { url, queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }) });
  }

  it('opens the conversation named by ?conversation= (the inbox and push links)', async () => {
    renderPage(`/messages?conversation=${group.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Storm crew' })).toBeInTheDocument();
    expect(screen.getByText(`Thread of ${group.id}`)).toBeInTheDocument();
    expect(document.title).toBe('Messages - Ridgeline');
  });

  it('is the list first, then the chosen conversation', async () => {
    renderPage('/messages');
    expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Conversations' });
    await userEvent.click(within(list).getByRole('button', { name: /Bob Shingle/ }));
    expect(await screen.findByText(`Thread of ${dm.id}`)).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: /Bob Shingle/ })).toHaveAttribute('aria-current', 'true');
  });
});
