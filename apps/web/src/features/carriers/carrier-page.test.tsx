import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CarrierDetail } from '@ridgeline/shared/contracts/carriers';
import { notify } from '../../lib/toast';
import { fakeMe } from '../../test/claim-flow-fakes';
import { answer, answerAll, apiError, json, noContent, sent } from '../../test/fake-server';
import { renderWithSession } from '../../test/render-with-session';
import { alice, answerSession } from '../../test/session-fakes';
import CarrierPage from './carrier-page';

vi.mock('../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const CARRIER_ID = '11111111-1111-4111-8111-111111111111';
const PROJECT_ID = '66666666-6666-4666-8666-666666666666';
const DETAIL: CarrierDetail = {
  carrier: {
    id: CARRIER_ID,
    name: 'State Farm',
    claimsPhone: '(800) 732-5246',
    claimsEmail: null,
    portalUrl: null,
    notes: 'Ask for the CAT desk.',
    projectCount: 1,
    adjusterCount: 1,
    createdBy: null,
  },
  adjusters: [
    {
      id: '33333333-3333-4333-8333-333333333333',
      name: 'Dana Field',
      phone: null,
      email: 'dana@sf.example',
      notes: null,
      carrier: { id: CARRIER_ID, name: 'State Farm' },
      createdBy: null,
    },
  ],
  projects: [
    {
      id: PROJECT_ID,
      title: 'Miller roof',
      homeownerName: 'Pat Miller',
      street: '12 Elm St',
      city: 'Tulsa',
      state: 'OK',
      zip: null,
      claimNumber: 'CLM-77',
      carrier: { id: CARRIER_ID, name: 'State Farm' },
      lossType: 'hail',
      dateOfLoss: null,
      statusId: '77777777-7777-4777-8777-777777777777',
      assignee: null,
      isActive: true,
      archivedAt: null,
      rcvCents: null,
      createdAt: '2026-11-20T10:00:00Z',
      updatedAt: '2026-11-20T10:00:00Z',
    },
  ],
};

beforeEach(() => vi.clearAllMocks());

function renderCarrier(id = CARRIER_ID) {
  answerSession(alice);
  answer('GET /api/me', json(fakeMe()));
  renderWithSession(
    <Routes>
      <Route path="/companies/:id" element={<CarrierPage />} />
      <Route path="/companies" element={<h1>Directory</h1>} />
    </Routes>,
    { url: `/companies/${id}`, queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }) },
  );
}

describe('/companies/:id', () => {
  it("shows the carrier's details, adjusters and projects linking to /projects/:id", async () => {
    answer(`GET /api/carriers/${CARRIER_ID}`, json(DETAIL));
    renderCarrier();
    expect(await screen.findByRole('heading', { level: 1, name: 'State Farm' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('State Farm - Ridgeline'));
    const details = within(screen.getByRole('region', { name: 'Details' }));
    expect(details.getByRole('link', { name: /claims line/ })).toHaveAttribute('href', 'tel:8007325246');
    expect(details.getByText('Ask for the CAT desk.')).toBeInTheDocument();
    const adjusters = within(screen.getByRole('list', { name: 'Adjusters of State Farm' }));
    expect(adjusters.getByRole('heading', { name: 'Dana Field' })).toBeInTheDocument();
    const projects = within(screen.getByRole('list', { name: 'Claim files with State Farm' }));
    expect(projects.getByRole('link', { name: /Miller roof/ })).toHaveAttribute('href', `/projects/${PROJECT_ID}`);
  });

  it('says so when the carrier is not in the directory (another company’s, or deleted)', async () => {
    answer(`GET /api/carriers/${CARRIER_ID}`, apiError('NOT_FOUND'));
    renderCarrier();
    expect(await screen.findByRole('heading', { level: 1, name: 'Carrier not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All carriers' })).toHaveAttribute('href', '/companies');
  });

  it('an id that is not one (400) is not found either', async () => {
    answer('GET /api/carriers/abc', apiError('VALIDATION_ERROR'));
    renderCarrier('abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Carrier not found' })).toBeInTheDocument();
  });

  it('edits the details in place, and deleting goes back to the directory', async () => {
    answerAll({
      [`GET /api/carriers/${CARRIER_ID}`]: json(DETAIL),
      [`PATCH /api/carriers/${CARRIER_ID}`]: json({ ...DETAIL.carrier, notes: 'CAT desk only.' }),
      [`DELETE /api/carriers/${CARRIER_ID}`]: noContent(),
    });
    renderCarrier();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit carrier' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit State Farm' }));
    await userEvent.clear(dialog.getByLabelText('Notes'));
    await userEvent.type(dialog.getByLabelText('Notes'), 'CAT desk only.');
    await userEvent.click(dialog.getByRole('button', { name: 'Save carrier' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Carrier updated', 'State Farm is saved.'));
    expect(sent(`PATCH /api/carriers/${CARRIER_ID}`)[0]?.body).toMatchObject({ notes: 'CAT desk only.' });

    vi.spyOn(window, 'confirm').mockReturnValueOnce(true);
    await userEvent.click(screen.getByRole('button', { name: 'Delete carrier' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Directory' })).toBeInTheDocument();
    expect(window.confirm).toHaveBeenCalledWith('Delete State Farm? Its claim file keeps its data but loses the carrier link.');
  });
});
