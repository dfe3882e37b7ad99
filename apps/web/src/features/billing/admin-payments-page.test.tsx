import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminBillingCompany, AdminBillingPage } from '@ridgeline/shared/contracts/billing';
import { answer, apiError, json, sent } from '../../test/fake-server';
import { renderWithSession } from '../../test/render-with-session';
import { alice, answerSession } from '../../test/session-fakes';
import { AdminPaymentsPage } from './admin-payments-page';

vi.mock('../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const TRIALING: AdminBillingCompany = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Alpha Roofing',
  plan: 'professional',
  status: 'trialing',
  readOnly: false,
  trialEndsAt: '2026-12-07T12:00:00.000Z',
  activeFiles: 4,
  mrrCents: 0,
  failedPayments: 0,
  creditBalance: 2,
  owner: { userId: 'u-owner', name: 'Olive Owner', email: 'olive@alpha.example' },
  createdAt: '2026-11-01T12:00:00.000Z',
};
const PAYING: AdminBillingCompany = {
  ...TRIALING,
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Bravo Siding',
  plan: 'business',
  status: 'past_due',
  readOnly: true,
  trialEndsAt: null,
  mrrCents: 0,
  failedPayments: 2,
  creditBalance: 0,
  owner: null,
};

function page(companies: AdminBillingCompany[]): AdminBillingPage {
  return {
    companies,
    total: companies.length,
    page: 1,
    pageSize: 25,
    totals: { mrrCents: 79_850, paying: 2, trialing: 1, readOnly: 1, failedPayments: 2, credits: 1_250 },
  };
}

beforeEach(() => vi.clearAllMocks());

function renderPage(openAsOwner = vi.fn(() => Promise.resolve(true))) {
  answerSession(alice);
  renderWithSession(<AdminPaymentsPage openAsOwner={openAsOwner} />, {
    url: '/admin/payments',
    queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  });
  return openAsOwner;
}

const table = async () => within(await screen.findByTestId('admin-billing-table'));

describe('/admin/payments', () => {
  it('shows the totals (MRR through the cash-amount helper) and the companies with their badges and actions', async () => {
    answer('GET /api/admin/billing/companies', json(page([TRIALING, PAYING])));
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Payments' })).toBeInTheDocument();
    expect(await screen.findByTestId('total-mrr')).toHaveTextContent('$798.5');
    expect(screen.getByTestId('total-credits')).toHaveTextContent('1,250');
    expect(screen.getByTestId('total-read-only')).toHaveTextContent('1');

    const rows = (await table()).getAllByTestId('admin-billing-row');
    expect(rows).toHaveLength(2);
    const [alpha, bravo] = rows.map((row) => within(row));
    if (!alpha || !bravo) throw new Error('rows missing');
    expect(alpha.getByText('Trial')).toBeInTheDocument();
    expect(alpha.getByText('Professional')).toBeInTheDocument();
    expect(alpha.getByRole('button', { name: 'Extend trial for Alpha Roofing' })).toBeInTheDocument();
    expect(alpha.getByRole('button', { name: 'Open as owner for Alpha Roofing' })).toBeInTheDocument();
    expect(bravo.getByText('Past due')).toBeInTheDocument();
    expect(bravo.getByText('Read-only')).toBeInTheDocument();
    expect(bravo.getByText('No owner')).toBeInTheDocument();
    // A paying company has no trial to extend, a company without an owner no one to open as, nothing to remove at 0.
    expect(bravo.queryByRole('button', { name: /Extend trial/ })).not.toBeInTheDocument();
    expect(bravo.queryByRole('button', { name: /Open as owner/ })).not.toBeInTheDocument();
    expect(bravo.getByRole('button', { name: 'Remove credits for Bravo Siding' })).toBeDisabled();
  });

  it('sends the search and the status filter', async () => {
    answer('GET /api/admin/billing/companies', json(page([TRIALING])));
    renderPage();
    await screen.findByTestId('admin-billing-table');
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Find a company'));
    await user.paste('olive@');
    await user.selectOptions(screen.getByLabelText('Status'), 'trialing');
    await waitFor(() => {
      const last = sent('GET /api/admin/billing/companies').at(-1);
      expect(last?.url.searchParams.get('q')).toBe('olive@');
      expect(last?.url.searchParams.get('status')).toBe('trialing');
    });
  });

  it('removes credits with a reason and shows the refusal in the dialog when the balance is too low', async () => {
    answer('GET /api/admin/billing/companies', json(page([TRIALING])));
    answer(
      'POST /api/admin/billing/companies/11111111-1111-4111-8111-111111111111/credits',
      apiError('INSUFFICIENT_CREDITS', { message: 'The company has only 2 credits.' }),
    );
    renderPage();
    const user = userEvent.setup();
    await user.click(await (await table()).findByRole('button', { name: 'Remove credits for Alpha Roofing' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove credits: Alpha Roofing' }));
    await user.type(dialog.getByLabelText('Credits to remove'), '3');
    await user.type(dialog.getByLabelText(/^Reason/), 'Granted twice');
    await user.click(dialog.getByRole('button', { name: 'Remove credits' }));
    expect(await dialog.findByText('The company has only 2 credits.')).toBeInTheDocument();
    expect(sent('POST /api/admin/billing/companies/11111111-1111-4111-8111-111111111111/credits').map((request) => [request.path, request.body])).toEqual([
      [`/api/admin/billing/companies/${TRIALING.id}/credits`, { credits: -3, reason: 'Granted twice' }],
    ]);
  });

  it('extends a trial by the days typed, and refuses 0 days in the form without a call', async () => {
    answer('GET /api/admin/billing/companies', json(page([TRIALING])));
    answer(
      'POST /api/admin/billing/companies/11111111-1111-4111-8111-111111111111/extend-trial',
      json({ ...TRIALING, trialEndsAt: '2026-12-17T12:00:00.000Z' }),
    );
    renderPage();
    const user = userEvent.setup();
    await user.click(await (await table()).findByRole('button', { name: 'Extend trial for Alpha Roofing' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Extend trial: Alpha Roofing' }));
    const days = dialog.getByLabelText('Days to add');
    await user.clear(days);
    await user.type(days, '0');
    await user.type(dialog.getByLabelText(/^Reason/), 'Storm season');
    await user.click(dialog.getByRole('button', { name: 'Extend trial' }));
    expect(await dialog.findByText('Enter between 1 and 90 days')).toBeInTheDocument();
    expect(sent('POST /api/admin/billing/companies/11111111-1111-4111-8111-111111111111/extend-trial')).toEqual([]);
    await user.clear(days);
    await user.type(days, '10');
    await user.click(dialog.getByRole('button', { name: 'Extend trial' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent('POST /api/admin/billing/companies/11111111-1111-4111-8111-111111111111/extend-trial').map((request) => request.body)).toEqual([
      { days: 10, reason: 'Storm season' },
    ]);
  });

  it('opens the company as its owner with the reason', async () => {
    answer('GET /api/admin/billing/companies', json(page([TRIALING])));
    const openAsOwner = renderPage();
    const user = userEvent.setup();
    await user.click(await (await table()).findByRole('button', { name: 'Open as owner for Alpha Roofing' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Open as owner: Alpha Roofing' }));
    await user.type(dialog.getByLabelText('Reason (required)'), 'Ticket 88');
    await user.click(dialog.getByRole('button', { name: 'Open as owner' }));
    await waitFor(() => expect(openAsOwner).toHaveBeenCalledWith({ id: 'u-owner', name: 'Olive Owner', email: 'olive@alpha.example' }, 'Ticket 88'));
  });
});
