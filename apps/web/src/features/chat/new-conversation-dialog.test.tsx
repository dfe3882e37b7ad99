import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GROUP_NAME_MESSAGE, SELECT_MEMBERS_MESSAGE } from '@ridgeline/shared/domain/chat';
import { notify } from '../../lib/toast';
import { answer, apiError, json, sent } from '../../test/fake-server';
import { BOB, CARA, conversation } from '../../test/chat-shell-fakes';
import { renderWithSession } from '../../test/render-with-session';
import { alice, answerSession } from '../../test/session-fakes';
import { NewConversationDialog } from './new-conversation-dialog';

vi.mock('../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

beforeEach(() => vi.clearAllMocks());

function renderDialog() {
  answerSession(alice);
  answer('GET /api/chat/colleagues', json({ colleagues: [BOB, CARA] }));
  const onCreated = vi.fn();
  const onOpenChange = vi.fn();
  renderWithSession(<NewConversationDialog open onOpenChange={onOpenChange} onCreated={onCreated} />, {
    url: '/dashboard',
    queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  });
  return { onCreated, onOpenChange };
}

const create = () => screen.getByRole('button', { name: 'Create' });
const pick = async (name: string) => userEvent.click(await screen.findByRole('checkbox', { name: new RegExp(name) }));

describe('new conversation dialog', () => {
  it('keeps Create disabled with nobody selected, says why, and answers Enter in the name field with the Select members toast', async () => {
    renderDialog();
    await screen.findByRole('checkbox', { name: /Bob Shingle/ });
    expect(create()).toBeDisabled();
    expect(screen.getByText(SELECT_MEMBERS_MESSAGE)).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Group name'), '{Enter}');
    expect(notify.error).toHaveBeenCalledWith('Select members', SELECT_MEMBERS_MESSAGE);
    expect(sent('POST /api/chat/conversations')).toHaveLength(0);
  });

  it('needs a group name for two colleagues: Create disabled, the hint, and the Group name required toast on Enter', async () => {
    renderDialog();
    await pick('Bob Shingle');
    await pick('Cara Gutter');
    expect(create()).toBeDisabled();
    expect(screen.getByText(GROUP_NAME_MESSAGE)).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Group name'), '   {Enter}');
    expect(notify.error).toHaveBeenCalledWith('Group name required', GROUP_NAME_MESSAGE);
    expect(sent('POST /api/chat/conversations')).toHaveLength(0);
    // The form's own check marks the name field too.
    expect(await screen.findByText(GROUP_NAME_MESSAGE)).toBeInTheDocument();
  });

  it('creates a direct message with one colleague and no name, says so and opens it', async () => {
    const dm = conversation({ with: [BOB] });
    answer('POST /api/chat/conversations', json({ conversation: dm, kind: 'dm', created: true }, { status: 201 }));
    const { onCreated, onOpenChange } = renderDialog();
    await pick('Bob Shingle');
    expect(create()).toBeEnabled();
    await userEvent.click(create());

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(dm.id));
    expect(notify.success).toHaveBeenCalledWith('Direct message created');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(sent('POST /api/chat/conversations')[0]?.body).toEqual({ memberIds: [BOB.id], name: '' });
  });

  it("opens the existing direct message when the server answers created: false ('Opening direct message')", async () => {
    const dm = conversation({ with: [BOB] });
    answer('POST /api/chat/conversations', json({ conversation: dm, kind: 'dm', created: false }));
    const { onCreated } = renderDialog();
    await pick('Bob Shingle');
    await userEvent.click(create());
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(dm.id));
    expect(notify.success).toHaveBeenCalledWith('Opening direct message');
  });

  it("creates a named group with Enter in the name field ('Group created')", async () => {
    const group = conversation({ name: 'Crew', with: [BOB, CARA] });
    answer('POST /api/chat/conversations', json({ conversation: group, kind: 'group', created: true }, { status: 201 }));
    const { onCreated } = renderDialog();
    await pick('Bob Shingle');
    await pick('Cara Gutter');
    await userEvent.type(screen.getByLabelText('Group name'), 'Crew{Enter}');
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(group.id));
    expect(notify.success).toHaveBeenCalledWith('Group created');
    expect(sent('POST /api/chat/conversations')[0]?.body).toEqual({ memberIds: [BOB.id, CARA.id], name: 'Crew' });
  });

  it("says 'Open DM failed' when a direct message cannot be opened and 'Create failed' when a group cannot be created", async () => {
    answer('POST /api/chat/conversations', apiError('NOT_A_COLLEAGUE', { message: 'Only colleagues of your company can join.' }));
    const { onCreated } = renderDialog();
    await pick('Bob Shingle');
    await userEvent.click(create());
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Open DM failed', 'Only colleagues of your company can join.'));

    await pick('Cara Gutter');
    await userEvent.type(screen.getByLabelText('Group name'), 'Crew');
    await userEvent.click(create());
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Create failed', 'Only colleagues of your company can join.'));
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('filters the colleagues by the search', async () => {
    renderDialog();
    await screen.findByRole('checkbox', { name: /Bob Shingle/ });
    await userEvent.type(screen.getByLabelText('Search colleagues'), 'cara');
    expect(screen.queryByRole('checkbox', { name: /Bob Shingle/ })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Cara Gutter/ })).toBeInTheDocument();
  });
});
