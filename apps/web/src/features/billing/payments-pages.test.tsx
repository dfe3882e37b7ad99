import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BillingOverview, CheckoutStatus, Invoice } from '@ridgeline/shared/contracts/billing';
import { TEST_MODE_LABEL } from '@ridgeline/shared/domain/billing';
import { notify } from '../../lib/toast';
import { answer, answerAll, apiError, json, sent } from '../../test/fake-server';
import { renderWithSession } from '../../test/render-with-session';
import { alice, answerSession } from '../../test/session-fakes';
import PaymentSuccessPage from './payment-success-page';
import PaymentsPage from './payments-page';

vi.mock('../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const OVERVIEW: BillingOverview = {
  mode: 'stripe',
  plan: 'professional',
  effectivePlan: 'professional',
  status: 'active',
  trialEndsAt: '2026-11-01T00:00:00.000Z',
  trialDaysLeft: 0,
  readOnly: false,
  readOnlyReason: null,
  graceEndsAt: null,
  pendingPlan: null,
  currentPeriodEnd: '2026-12-15T12:00:00.000Z',
  activeFiles: { active: 7, limit: 25 },
  canPay: true,
  payers: [{ name: 'Alice Roof', email: 'alice@example.com' }],
  hasPaymentMethod: true,
};

const INVOICE: Invoice = {
  id: 'inv-1',
  number: 'RDG-0001',
  description: '1 × Ridgeline Professional',
  amountCents: 39_950,
  currency: 'usd',
  status: 'paid',
  hostedUrl: 'https://invoice.stripe.com/i/acct_1/in_1',
  periodStart: '2026-11-15T12:00:00.000Z',
  periodEnd: '2026-12-15T12:00:00.000Z',
  testMode: false,
  createdAt: '2026-11-15T12:00:00.000Z',
};

const CHECKOUT: CheckoutStatus = { id: 'cs_test_abc', kind: 'plan', status: 'open', plan: 'business', credits: null, amountCents: 59_900, testMode: false };

const queryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

function renderPayments(overview: BillingOverview, invoices: Invoice[] = [INVOICE]) {
  answerSession(alice);
  answerAll({
    'GET /api/billing': json(overview),
    'GET /api/billing/invoices': json({ invoices }),
    'GET /api/credits/entries': json({
      entries: [
        {
          id: 'e1',
          kind: 'purchase',
          credits: 10,
          balanceAfter: 10,
          reason: 'Bought 10 credits',
          actorName: 'Alice Roof',
          serviceOrderId: null,
          projectId: null,
          amountCents: 24_000,
          createdAt: '2026-11-16T09:00:00.000Z',
        },
      ],
      total: 1,
      page: 1,
      pageSize: 25,
    }),
  });
  renderWithSession(<PaymentsPage />, { url: '/payments', queryClient: queryClient() });
}

beforeEach(() => vi.clearAllMocks());

describe('/payments', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the plan, the renewal, the invoices with cash amounts and a link to Stripe, and the credit purchases', async () => {
    renderPayments(OVERVIEW);
    expect(screen.getByRole('heading', { level: 1, name: 'Payments' })).toBeInTheDocument();
    const subscription = await screen.findByRole('region', { name: 'Subscription' });
    expect(within(subscription).getByText('Professional')).toBeInTheDocument();
    expect(within(subscription).getByText('7 of 25')).toBeInTheDocument();
    expect(within(subscription).getByText('Dec 15, 2026')).toBeInTheDocument();

    const table = await screen.findByRole('table');
    const row = within(table).getByRole('row', { name: /Ridgeline Professional/ });
    expect(within(row).getByText('$399.5')).toBeInTheDocument();
    expect(within(row).getByText('Paid')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: /View invoice/ })).toHaveAttribute('href', INVOICE.hostedUrl);
    expect(within(screen.getByRole('list', { name: 'Invoices' })).getByText('$399.5')).toBeInTheDocument();

    const purchases = await screen.findByRole('list', { name: 'Credit purchases' });
    expect(within(purchases).getByText('Bought 10 credits')).toBeInTheDocument();
    // What the pack cost, as a paid purchase shows it.
    expect(within(purchases).getByText('$240')).toBeInTheDocument();
    expect(sent('GET /api/credits/entries')[0]?.url.searchParams.get('kind')).toBe('purchase');
    expect(screen.queryByText(TEST_MODE_LABEL)).not.toBeInTheDocument();
  });

  it("opens Stripe's portal for the owner", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    answer('POST /api/billing/portal', json({ url: 'https://billing.stripe.com/p/session/abc' }));
    renderPayments(OVERVIEW);
    await userEvent.click(await screen.findByRole('button', { name: 'Manage cards and invoices' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.com/p/session/abc'));
  });

  it('says why the portal did not open', async () => {
    answer('POST /api/billing/portal', apiError('NO_PAYMENT_CUSTOMER'));
    renderPayments(OVERVIEW);
    await userEvent.click(await screen.findByRole('button', { name: 'Manage cards and invoices' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('The payment portal could not be opened', expect.stringContaining('no payment account')));
  });

  it('tells a member who pays instead of offering the portal', async () => {
    renderPayments({ ...OVERVIEW, canPay: false });
    expect(await screen.findByText('Only the company owner manages cards and invoices. Ask Alice Roof (alice@example.com).')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Manage cards and invoices' })).not.toBeInTheDocument();
  });

  it('shows the test-mode label, a trial, a waiting downgrade and an empty invoice list', async () => {
    renderPayments(
      {
        ...OVERVIEW,
        mode: 'test',
        status: 'trialing',
        trialDaysLeft: 9,
        trialEndsAt: '2026-12-02T10:00:00.000Z',
        pendingPlan: 'starter',
        hasPaymentMethod: false,
      },
      [],
    );
    expect(await screen.findByText(TEST_MODE_LABEL)).toBeInTheDocument();
    expect(screen.getByText('There is no payment portal in test mode: no card is on file and nothing is charged.')).toBeInTheDocument();
    expect(screen.getByText('Professional (trial)')).toBeInTheDocument();
    expect(screen.getByText(/9 days left/)).toBeInTheDocument();
    expect(screen.getByText(/Moving to Starter/)).toBeInTheDocument();
    expect(await screen.findByText('No invoices yet')).toBeInTheDocument();
  });
});

describe('/payment-success', () => {
  function renderSuccess(url: string) {
    answerSession(alice);
    renderWithSession(<PaymentSuccessPage />, { url, queryClient: queryClient() });
  }

  it('asks the server again while the payment is open, then says the plan is on', async () => {
    answer('GET /api/billing/checkouts/cs_test_abc', [json(CHECKOUT), json({ ...CHECKOUT, status: 'complete' })]);
    renderSuccess('/payment-success?session_id=cs_test_abc');
    expect(await screen.findByRole('heading', { name: 'Confirming your payment…' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: "You're on the Business plan" }, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByText(/Payment of \$599 received/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: 'See payments' })).toHaveAttribute('href', '/payments');
    expect(sent('GET /api/billing/checkouts/cs_test_abc').length).toBeGreaterThanOrEqual(2);
  });

  it('says so for a payment the server does not know, and for no payment at all', async () => {
    answer('GET /api/billing/checkouts/cs_test_nope', apiError('NOT_FOUND'));
    renderSuccess('/payment-success?session_id=cs_test_nope');
    expect(await screen.findByRole('heading', { name: 'We could not find this payment' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/pricing');
  });

  it('reads nothing without a session id', async () => {
    renderSuccess('/payment-success');
    expect(await screen.findByRole('heading', { name: 'We could not find this payment' })).toBeInTheDocument();
    expect(sent().filter((request) => request.url.pathname.startsWith('/api/billing'))).toEqual([]);
  });

  it('says it is still confirming after a minute, stops asking, and points to /payments', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      answer('GET /api/billing/checkouts/cs_test_slow', json({ ...CHECKOUT, id: 'cs_test_slow' }));
      renderSuccess('/payment-success?session_id=cs_test_slow');
      expect(await screen.findByRole('heading', { name: 'Confirming your payment…' })).toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(61_000);
      expect(await screen.findByRole('heading', { name: 'Still confirming…' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'See payments' })).toHaveAttribute('href', '/payments');
      const asked = sent('GET /api/billing/checkouts/cs_test_slow').length;
      expect(asked).toBeGreaterThan(1);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(sent('GET /api/billing/checkouts/cs_test_slow').length).toBe(asked);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says an expired checkout charged nothing', async () => {
    answer('GET /api/billing/checkouts/cs_test_old', json({ ...CHECKOUT, id: 'cs_test_old', status: 'expired' }));
    renderSuccess('/payment-success?session_id=cs_test_old');
    expect(await screen.findByRole('heading', { name: 'This payment was not completed' })).toBeInTheDocument();
    expect(screen.getByText(/Nothing was charged/)).toBeInTheDocument();
  });
});
