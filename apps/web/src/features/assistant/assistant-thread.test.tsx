import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorMessage } from '@ridgeline/shared/domain/errors';
import { answer, apiError, sent } from '../../test/fake-server';
import { renderWithSession } from '../../test/render-with-session';
import { alice, answerSession } from '../../test/session-fakes';
import { AssistantThread } from './assistant-thread';

// The thread says the server's words when a question is refused before its answer starts: here, the
// conversation is still answering another question (from another tab, or a Stop the server has not
// finished yet), 409 ASSISTANT_BUSY.

// jsdom lays nothing out and has no scrollIntoView; the thread scrolls its newest turn into view.
beforeAll(() => {
  Element.prototype.scrollIntoView = () => undefined;
});

describe('the assistant thread', () => {
  it("shows the server's words when the conversation is still answering, and keeps the question to send again", async () => {
    answerSession(alice);
    answer('POST /api/assistant/ask', apiError('ASSISTANT_BUSY'));
    renderWithSession(<AssistantThread projectId={null} messages={[]} />, { url: '/assistant' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Ask the assistant' }), 'Is drip edge required at the eaves?');
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await screen.findByText(errorMessage('ASSISTANT_BUSY'))).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Ask the assistant' })).toHaveValue('Is drip edge required at the eaves?');
    expect(sent('POST /api/assistant/ask')).toHaveLength(1);
  });
});
