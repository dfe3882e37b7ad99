import { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, json } from '../../test/fake-server';
import { BOB, CARA, conversation } from '../../test/chat-shell-fakes';
import { renderWithSession } from '../../test/render-with-session';
import { alice, answerSession } from '../../test/session-fakes';
import { handOffChatDraft } from '../../lib/draft-handoff';
import MessagesPage from './messages-page';

vi.mock('./thread/conversation-thread', () => ({ ConversationThread: ({ conversationId }: { conversationId: string }) => <p>Thread of {conversationId}</p> }));
vi.mock('../../lib/realtime/realtime-client', () => ({ subscribeRealtime: () => () => undefined, sendRealtime: () => false }));

// The app gives the assistant's thread; here it says it is open and copies a draft when asked.
function StubAssistant({ onChatDraft }: { onChatDraft: () => void }) {
  return (
    <button
      type="button"
      onClick={() => {
        handOffChatDraft({ text: 'Drip edge is required at the eaves (IRC R905.2.8.5).', projectId: 'p-1', userId: alice.id });
        onChatDraft();
      }}
    >
      Assistant thread: copy into a chat message
    </button>
  );
}

beforeEach(() => sessionStorage.clear());

describe('/messages', () => {
  const dm = conversation({ with: [BOB] });
  const group = conversation({ name: 'Storm crew', with: [BOB, CARA] });

  function renderPage(url: string) {
    answerSession(alice);
    answer('GET /api/chat/conversations', json({ conversations: [dm, group], totalUnread: 0 }));
    answer('GET /api/chat/conversations/:id', (request) => json({ conversation: request.path.endsWith(group.id) ? group : dm }));
    renderWithSession(<MessagesPage assistant={StubAssistant} />, { url, queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }) });
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

  it('pins the Assistant above the team conversations and opens its thread in the page (?conversation=assistant)', async () => {
    renderPage('/messages');
    const pinned = screen.getByRole('button', { name: /^Assistant/ });
    await userEvent.click(pinned);
    expect(await screen.findByRole('heading', { level: 1, name: 'Assistant' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Assistant thread: copy into a chat message' })).toBeInTheDocument();
    expect(pinned).toHaveAttribute('aria-current', 'true');
  });

  it("a draft copied from the Assistant says it waits for a conversation, offers the claim file's own, and can be discarded", async () => {
    renderPage('/messages?conversation=assistant');
    await userEvent.click(await screen.findByRole('button', { name: 'Assistant thread: copy into a chat message' }));
    const waiting = await screen.findByRole('status', { name: 'Draft waiting' });
    expect(waiting).toHaveTextContent("Choose the conversation for the assistant's draft. It goes into the message box, not sent.");
    expect(within(waiting).getByRole('button', { name: "The claim file's conversation" })).toBeInTheDocument();
    await userEvent.click(within(waiting).getByRole('button', { name: 'Discard the draft' }));
    expect(screen.queryByRole('status', { name: 'Draft waiting' })).not.toBeInTheDocument();
    expect(sessionStorage.length).toBe(0);
  });
});
