import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BillingOverview, CreditEntriesPage, CreditEntry, CreditSummary } from '@ridgeline/shared/contracts/billing';
import { CREDIT_PACKS, TEST_MODE_LABEL } from '@ridgeline/shared/domain/billing';
import { notify } from '../../lib/toast';
import { answer, apiError, json, sent } from '../../test/fake-server';
import { renderWithSession } from '../../test/render-with-session';
import { alice, answerSession } from '../../test/session-fakes';
import { Route, Routes } from 'react-router';
import CreditsPage from './credits-page';
import CreditsSuccessPage from './credits-success-page';
import { askText } from './billing-words';

vi.mock('../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const PACKS = CREDIT_PACKS.map((pack) => ({ ...pack }));
const summary = (patch: Partial<CreditSummary> = {}): CreditSummary => ({ balance: 0, packs: PACKS, mode: 'test', canBuy: true, ...patch });

const PURCHASE: CreditEntry = {
  id: 'e1',
  kind: 'purchase',
  credits: 10,
  balanceAfter: 10,
  reason: 'Bought 10 credits (test mode)',
  actorName: 'Alice Roof',
  serviceOrderId: null,
  projectId: null,
  amountCents: 24_000,
  createdAt: '2026-03-05T12:00:00.000Z',
};
const SPEND: CreditEntry = {
  ...PURCHASE,
  id: 'e2',
  kind: 'spend',
  credits: -4,
  balanceAfter: 6,
  reason: 'Xact360 ordered',
  serviceOrderId: 'o1',
  projectId: 'p1',
  amountCents: null,
};

const page = (entries: CreditEntry[], total = entries.length, pageNumber = 1): CreditEntriesPage => ({ entries, total, page: pageNumber, pageSize: 25 });

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

function renderCredits() {
  answerSession(alice);
  renderWithSession(<CreditsPage />, { url: '/credits', queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }) });
}

describe('/credits', () => {
  it('shows the balance, the packs with price per credit, the test-mode label and an empty ledger', async () => {
    answer('GET /api/credits', json(summary()));
    answer('GET /api/credits/entries', json(page([])));
    renderCredits();
    expect(await screen.findByTestId('credit-balance')).toHaveTextContent('0');
    expect(screen.getByTestId('test-mode-label')).toHaveTextContent(TEST_MODE_LABEL);
    const pack = screen.getByTestId('credit-pack-pack_50');
    expect(pack).toHaveTextContent('50 credits');
    expect(pack).toHaveTextContent('$1100');
    expect(pack).toHaveTextContent('$22 per credit');
    expect(await screen.findByText('No credit activity yet')).toBeInTheDocument();
  });

  it('buys a pack in test mode and lands on /credits-success as a paid purchase does: the credits, the balance, no card charged', async () => {
    answerSession(alice);
    let bought = false;
    answer('GET /api/credits', () => json(summary({ balance: bought ? 10 : 0 })));
    answer('GET /api/credits/entries', json(page([])));
    answer('POST /api/credits/purchase', () => {
      bought = true;
      return json({ outcome: 'applied', checkoutId: 'test_1', checkoutUrl: null, balance: 10 });
    });
    answer(
      'GET /api/billing/checkouts/test_1',
      json({ id: 'test_1', kind: 'credits', status: 'complete', plan: null, credits: 10, amountCents: 24_000, testMode: true }),
    );
    renderWithSession(
      <Routes>
        <Route path="/credits" element={<CreditsPage />} />
        <Route path="/credits-success" element={<CreditsSuccessPage />} />
      </Routes>,
      { url: '/credits', queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }) },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Buy 10 credits for $240' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Credits Purchased' })).toBeInTheDocument();
    expect(sent('POST /api/credits/purchase')[0]?.body).toEqual({ pack: 'pack_10' });
    await waitFor(() => expect(screen.getByTestId('credits-added')).toHaveTextContent('10 credits added. Your balance is 10.'));
    expect(screen.getByText('Test mode: no card was charged.')).toBeInTheDocument();
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('goes to Stripe Checkout when payments are live', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    answer('GET /api/credits', json(summary({ mode: 'stripe' })));
    answer('GET /api/credits/entries', json(page([])));
    answer('POST /api/credits/purchase', json({ outcome: 'checkout', checkoutId: 'cs_1', checkoutUrl: 'https://checkout.stripe.test/cs_1', balance: 0 }));
    renderCredits();
    await screen.findByTestId('credit-balance');
    expect(screen.queryByTestId('test-mode-label')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Buy 5 credits for $125' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/cs_1'));
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('says why a purchase failed', async () => {
    answer('GET /api/credits', json(summary()));
    answer('GET /api/credits/entries', json(page([])));
    answer('POST /api/credits/purchase', apiError('NOT_PAYER'));
    renderCredits();
    await userEvent.click(await screen.findByRole('button', { name: 'Buy 5 credits for $125' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('The credits could not be bought', expect.any(String)));
  });

  it('shows a member no Buy button and who can buy', async () => {
    const overview: BillingOverview = {
      mode: 'test',
      plan: 'professional',
      effectivePlan: 'professional',
      status: 'trialing',
      trialEndsAt: '2026-03-15T00:00:00.000Z',
      trialDaysLeft: 10,
      readOnly: false,
      readOnlyReason: null,
      graceEndsAt: null,
      pendingPlan: null,
      currentPeriodEnd: null,
      activeFiles: { active: 2, limit: 50 },
      canPay: false,
      payers: [{ name: 'Olive Owner', email: 'olive@example.com' }],
      hasPaymentMethod: false,
    };
    answer('GET /api/credits', json(summary({ canBuy: false, balance: 6 })));
    answer('GET /api/credits/entries', json(page([SPEND, PURCHASE])));
    answer('GET /api/billing', json(overview));
    renderCredits();
    expect(await screen.findByTestId('credit-balance')).toHaveTextContent('6');
    expect(screen.queryByRole('button', { name: /^Buy/ })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('who-can-buy')).toHaveTextContent("Only your company's owners can buy credits. Ask Olive Owner (olive@example.com)."),
    );
  });

  it('filters the ledger by kind and days, pages it, and links a spend to its project', async () => {
    answer('GET /api/credits', json(summary({ balance: 6 })));
    answer('GET /api/credits/entries', (request) => {
      const kind = request.url.searchParams.get('kind');
      if (kind === 'refund') return json(page([]));
      if (request.url.searchParams.get('page') === '2') return json(page([PURCHASE], 26, 2));
      return json(page([SPEND], 26));
    });
    renderCredits();
    const table = await screen.findByTestId('credit-ledger-table');
    expect(await within(table).findByText('Xact360 ordered')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Open claim file' })).toHaveAttribute('href', '/projects/p1');
    expect(screen.getByText('Showing 1–25 of 26')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await within(table).findByText('Bought 10 credits (test mode)')).toBeInTheDocument();
    expect(screen.getByText('Showing 26–26 of 26')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'refund');
    expect(await screen.findByText('No entries match these filters')).toBeInTheDocument();
    const last = sent('GET /api/credits/entries').at(-1);
    expect(last?.url.searchParams.get('kind')).toBe('refund');
    // A new filter starts again at the first page.
    expect(last?.url.searchParams.get('page')).toBe('1');
  });

  it('names who to ask in one sentence', () => {
    expect(askText([])).toBe('Ask an owner of your company.');
    expect(askText([{ name: 'Olive Owner', email: 'o@example.com' }])).toBe('Ask Olive Owner (o@example.com).');
    expect(
      askText([
        { name: 'A', email: 'a@x.com' },
        { name: '', email: 'b@x.com' },
        { name: 'C', email: 'c@x.com' },
      ]),
    ).toBe('Ask A (a@x.com), b@x.com or C (c@x.com).');
  });
});
