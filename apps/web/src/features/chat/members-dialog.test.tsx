import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation } from '@ridgeline/shared/contracts/chat';
import { notify } from '../../lib/toast';
import { answer, apiError, json, sent } from '../../test/fake-server';
import { BOB, CARA, DAN, conversation, member } from '../../test/chat-shell-fakes';
import { renderWithSession } from '../../test/render-with-session';
import { alice, answerSession } from '../../test/session-fakes';
import { MembersDialog } from './members-dialog';

vi.mock('../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

beforeEach(() => vi.clearAllMocks());

async function renderMembers(subject: Conversation) {
  answerSession(alice);
  answer('GET /api/chat/colleagues', json({ colleagues: [BOB, CARA, DAN] }));
  answer('GET /api/chat/conversations', json({ conversations: [subject], totalUnread: 0 }));
  renderWithSession(<MembersDialog open onOpenChange={() => undefined} conversation={subject} />, {
    url: '/messages',
    queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  });
  // The session is read before the members know which one is "you".
  await screen.findByText(/\(you\)/);
}

describe('members dialog', () => {
  it('lists a direct message’s two members with no way to change them', async () => {
    await renderMembers(conversation({ with: [BOB] }));
    const list = screen.getByRole('list', { name: 'Members' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Alice Roof (you)'), expect.stringContaining('Bob Shingle')]);
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Add a colleague')).not.toBeInTheDocument();
  });

  it('removes a group member (never yourself) and says so', async () => {
    const group = conversation({ name: 'Storm crew', with: [BOB, CARA] });
    answer(
      'DELETE /api/chat/conversations/:id/members/:profileId',
      json({ conversation: { ...group, members: group.members.filter((m) => m.id !== BOB.id) } }),
    );
    await renderMembers(group);
    expect(screen.queryByRole('button', { name: 'Remove Alice Roof' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Bob Shingle' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Member removed', 'Bob Shingle left Storm crew.'));
    expect(sent().find((request) => request.method === 'DELETE')?.path).toBe(`/api/chat/conversations/${group.id}/members/${BOB.id}`);
  });

  it("answers a refused removal with 'Failed to remove member'", async () => {
    const group = conversation({ name: 'Storm crew', with: [BOB, CARA] });
    answer('DELETE /api/chat/conversations/:id/members/:profileId', apiError('NOT_FOUND'));
    await renderMembers(group);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Cara Gutter' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to remove member', expect.any(String)));
  });

  it('adds a colleague who is not a member yet, and says when it fails', async () => {
    const group = conversation({ name: 'Storm crew', with: [BOB] });
    answer('POST /api/chat/conversations/:id/members', [
      json({ conversation: { ...group, members: [...group.members, member(DAN)] } }),
      apiError('NOT_A_COLLEAGUE'),
    ]);
    await renderMembers(group);
    const picker = screen.getByLabelText('Add a colleague');
    await waitFor(() =>
      expect(
        within(picker)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Choose a colleague', 'Cara Gutter', 'Dan Flash']),
    );
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled();

    await userEvent.selectOptions(picker, DAN.id);
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Member added', 'Dan Flash joined Storm crew.'));
    expect(sent().find((request) => request.method === 'POST')?.body).toEqual({ profileId: DAN.id });

    await userEvent.selectOptions(screen.getByLabelText('Add a colleague'), CARA.id);
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to add member', expect.any(String)));
  });
});
