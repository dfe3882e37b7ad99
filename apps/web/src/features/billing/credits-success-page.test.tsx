import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CheckoutStatus, CreditSummary } from '@ridgeline/shared/contracts/billing';
import { CREDIT_PACKS } from '@ridgeline/shared/domain/billing';
import { answer, apiError, json, sent } from '../../test/fake-server';
import { renderWithSession } from '../../test/render-with-session';
import { alice, answerSession } from '../../test/session-fakes';
import { CHECKOUT_POLL_MS } from './api/checkout-status';
import CreditsSuccessPage from './credits-success-page';

const checkout = (patch: Partial<CheckoutStatus> = {}): CheckoutStatus => ({
  id: 'cs_test_1',
  kind: 'credits',
  status: 'complete',
  plan: null,
  credits: 25,
  amountCents: 57_500,
  testMode: false,
  ...patch,
});
const summary: CreditSummary = { balance: 31, packs: CREDIT_PACKS.map((pack) => ({ ...pack })), mode: 'stripe', canBuy: true };

function renderSuccess(url: string) {
  answerSession(alice);
  renderWithSession(<CreditsSuccessPage />, { url, queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }) });
}

describe('/credits-success', () => {
  it("confirms from the server's checkout, waiting while it is open, then says the credits and the balance", async () => {
    answer('GET /api/billing/checkouts/cs_test_1', [json(checkout({ status: 'open' })), json(checkout())]);
    answer('GET /api/credits', json(summary));
    renderSuccess('/credits-success?session_id=cs_test_1');
    expect(await screen.findByText(/Waiting for the payment to be confirmed/)).toBeInTheDocument();
    expect(await screen.findByText('25 credits added. Your balance is 31.', {}, { timeout: CHECKOUT_POLL_MS + 3000 })).toBeInTheDocument();
    expect(sent('GET /api/billing/checkouts/cs_test_1')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Go to credits' })).toHaveAttribute('href', '/credits');
    expect(screen.getByRole('link', { name: 'Order a service on a claim file' })).toHaveAttribute('href', '/projects');
  });

  it('says so honestly when the purchase is unknown', async () => {
    answer('GET /api/billing/checkouts/cs_nope', apiError('NOT_FOUND'));
    renderSuccess('/credits-success?session_id=cs_nope');
    expect(await screen.findByTestId('checkout-unknown')).toHaveTextContent(
      'We found no purchase of your company for this link, so no credits were added from it.',
    );
  });

  it('says an expired checkout charged nothing', async () => {
    answer('GET /api/billing/checkouts/cs_old', json(checkout({ id: 'cs_old', status: 'expired' })));
    renderSuccess('/credits-success?session_id=cs_old');
    expect(await screen.findByText(/This checkout expired before it was paid, so nothing was charged/)).toBeInTheDocument();
  });

  it('needs a session id', () => {
    renderSuccess('/credits-success');
    expect(screen.getByText(/the link names none/)).toBeInTheDocument();
    expect(sent()).toEqual(expect.not.arrayContaining([expect.objectContaining({ path: expect.stringContaining('/api/billing/checkouts') })]));
  });
});
