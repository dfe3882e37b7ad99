import { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Tutorial } from '@ridgeline/shared/contracts/tutorials';
import { fakeMe } from '../../test/claim-flow-fakes';
import { answer, json } from '../../test/fake-server';
import { renderWithSession } from '../../test/render-with-session';
import { alice, answerSession } from '../../test/session-fakes';
import TutorialsPage from './tutorials-page';

const at = '2026-01-01T00:00:00.000Z';
const TUTORIALS: Tutorial[] = [
  {
    id: 't1',
    pageRoute: '/dashboard',
    isActive: true,
    title: 'Getting around Ridgeline',
    description: 'Your dashboard.',
    embedCode: null,
    guide: 'Open the menu.\nFollow Get set up.',
    updatedAt: at,
  },
  {
    id: 't2',
    pageRoute: '/projects/*',
    isActive: true,
    title: 'One claim file',
    description: null,
    embedCode: null,
    guide: 'Move it through its statuses.',
    updatedAt: at,
  },
  {
    id: 't3',
    pageRoute: '/field-inspection',
    isActive: true,
    title: 'Inspecting a roof',
    description: null,
    embedCode: 'https://www.youtube.com/embed/sKjSUZ6bDhk',
    guide: null,
    updatedAt: at,
  },
];

function renderTutorials() {
  answerSession(alice);
  answer('GET /api/me', json(fakeMe('member')));
  answer('GET /api/tutorials/all', json({ tutorials: TUTORIALS }));
  renderWithSession(<TutorialsPage />, { url: '/tutorials', queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }) });
}

describe('/tutorials', () => {
  it('names the page each tutorial helps with, never its route, and reads a guide where there is no video', async () => {
    renderTutorials();
    const list = await screen.findByRole('list', { name: 'Tutorials' });
    expect(await within(list).findByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(list).getByText('Each claim file')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Field Inspection' })).toHaveAttribute('href', '/field-inspection');
    expect(list).not.toHaveTextContent('/projects/*');
    expect(list).not.toHaveTextContent('/dashboard');

    expect(within(list).getByRole('button', { name: 'Watch Inspecting a roof' })).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: 'Read One claim file' }));
    const dialog = await screen.findByRole('dialog', { name: 'One claim file' });
    expect(within(dialog).getByRole('list', { name: 'Steps' })).toHaveTextContent('Move it through its statuses.');
    expect(dialog.querySelector('iframe')).toBeNull();
  });
});
