import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answer, apiError, json, sent } from '../../test/fake-server';
import { BOB, conversation } from '../../test/chat-shell-fakes';
import { renderWithSession } from '../../test/render-with-session';
import { alice, answerSession } from '../../test/session-fakes';
import { ProjectThread } from './project-thread';

vi.mock('./thread/conversation-thread', () => ({ ConversationThread: ({ conversationId }: { conversationId: string }) => <p>Thread of {conversationId}</p> }));

const PROJECT_ID = '44444444-4444-4444-8444-444444444444';

function renderTab() {
  answerSession(alice);
  renderWithSession(<ProjectThread projectId={PROJECT_ID} />, {
    url: `/projects/${PROJECT_ID}`,
    queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  });
}

describe('project Messages tab', () => {
  it("opens the claim file's thread (created on first use, joining me) and shows it", async () => {
    const thread = conversation({ name: `project:${PROJECT_ID}`, isGroup: true, title: `project:${PROJECT_ID}`, projectId: PROJECT_ID, with: [BOB] });
    answer('POST /api/chat/projects/:projectId/conversation', json({ conversation: thread }));
    renderTab();
    expect(await screen.findByText(`Thread of ${thread.id}`)).toBeInTheDocument();
    expect(
      sent()
        .filter((request) => request.method === 'POST')
        .map((request) => request.path),
    ).toEqual([`/api/chat/projects/${PROJECT_ID}/conversation`]);
  });

  it('says why when the thread cannot be opened', async () => {
    answer('POST /api/chat/projects/:projectId/conversation', apiError('NOT_FOUND', { message: 'Project not found.' }));
    renderTab();
    expect(await screen.findByRole('alert')).toHaveTextContent('Project not found.');
  });
});
