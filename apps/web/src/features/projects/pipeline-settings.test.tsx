import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CompanyRoleInput } from '@ridgeline/shared/contracts/team';
import { fakeCompany } from '../../test/company-fakes';
import { answer, json, sent } from '../../test/fake-server';
import { CLOSED_ID, fakeStatuses, INSPECTION_ID, LEAD_ID } from '../../test/project-fakes';
import { PipelineSettings } from './pipeline-settings';

function renderAs(role: CompanyRoleInput) {
  answer(
    'GET /api/me',
    json({
      id: 'u-alice',
      email: 'alice@example.com',
      firstName: 'Alice',
      lastName: 'Roof',
      phone: null,
      avatarUrl: null,
      role: 'contractor',
      isEnabled: true,
      company: { id: 'c-1', name: 'Roofs', role },
    }),
  );
  answer('GET /api/project-statuses', json({ statuses: fakeStatuses }));
  answer('GET /api/company', json(fakeCompany()));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PipelineSettings />
    </QueryClientProvider>,
  );
}

describe('the project pipeline on /settings', () => {
  it('lets an owner rename, reorder, hide and close statuses', async () => {
    answer(`PATCH /api/project-statuses/${INSPECTION_ID}`, ({ body }) => json({ ...fakeStatuses[1], ...(body as object) }));
    answer('POST /api/project-statuses/reorder', ({ body }) =>
      json({ statuses: (body as { ids: string[] }).ids.map((id, position) => ({ ...fakeStatuses.find((s) => s.id === id), position })) }),
    );
    renderAs('owner');
    const name = await screen.findByLabelText('Name of Inspection');
    await userEvent.clear(name);
    await userEvent.type(name, 'Roof inspection{Enter}');
    await waitFor(() => expect(sent(`PATCH /api/project-statuses/${INSPECTION_ID}`)[0]?.body).toEqual({ name: 'Roof inspection' }));

    await userEvent.click(screen.getByRole('button', { name: 'Move Closed up' }));
    await waitFor(() => expect(sent('POST /api/project-statuses/reorder')[0]?.body).toEqual({ ids: [LEAD_ID, CLOSED_ID, INSPECTION_ID] }));
    expect(screen.getByRole('button', { name: 'Move Lead up' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Hide Inspection' }));
    await waitFor(() => expect(sent(`PATCH /api/project-statuses/${INSPECTION_ID}`)[1]?.body).toEqual({ isHidden: true }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Closed (Inspection)' }));
    await waitFor(() => expect(sent(`PATCH /api/project-statuses/${INSPECTION_ID}`)[2]?.body).toEqual({ isClosed: true }));
  });

  it('says why a status in use cannot be deleted, and deletes one that is free', async () => {
    answer(`DELETE /api/project-statuses/${INSPECTION_ID}`, json(null, { status: 200 }));
    renderAs('manager');
    const deleteLead = await screen.findByRole('button', { name: 'Delete Lead' });
    expect(deleteLead).toBeDisabled();
    expect(deleteLead).toHaveAccessibleDescription('1 claim file is in this status: move them to another status before deleting it.');
    const confirm = window.confirm;
    window.confirm = () => true;
    try {
      await userEvent.click(screen.getByRole('button', { name: 'Delete Inspection' }));
      await waitFor(() => expect(sent(`DELETE /api/project-statuses/${INSPECTION_ID}`)).toHaveLength(1));
    } finally {
      window.confirm = confirm;
    }
  });

  it('adds a status, closed if asked', async () => {
    answer(
      'POST /api/project-statuses',
      json({ ...fakeStatuses[0], id: '00000000-0000-4000-8000-000000000009', name: 'Lost', position: 3, isClosed: true, projectCount: 0 }, { status: 201 }),
    );
    renderAs('owner');
    const form = await screen.findByRole('form', { name: 'Add a status' });
    await userEvent.type(within(form).getByLabelText('New status name'), 'Lost');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Closed status (frees the active-file slot)' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add status' }));
    await waitFor(() => expect(sent('POST /api/project-statuses')[0]?.body).toEqual({ name: 'Lost', isClosed: true }));
  });

  it('shows members the pipeline read-only', async () => {
    renderAs('member');
    expect(await screen.findByText('Only company owners and managers can change the pipeline.')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Pipeline statuses' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Lead', 'Inspection', 'ClosedClosed']);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('lets an owner choose whether the events move a claim file forward or suggest the move', async () => {
    answer('PATCH /api/company', ({ body }) => json(fakeCompany(body as object)));
    renderAs('owner');
    const move = await screen.findByRole('radio', { name: 'Move the claim file forward by itself' });
    expect(move).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Suggest the move, one click to accept' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save status moves' }));
    await waitFor(() => expect(sent('PATCH /api/company')[0]?.body).toEqual({ statusMoves: 'suggest' }));
  });

  it('shows members the choice without a way to change it', async () => {
    renderAs('member');
    expect(await screen.findByRole('radio', { name: 'Move the claim file forward by itself' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save status moves' })).not.toBeInTheDocument();
  });
});
