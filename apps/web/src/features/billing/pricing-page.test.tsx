import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BillingOverview, ChoosePlanResult, PlanCheck } from '@ridgeline/shared/contracts/billing';
import { readOnlyMessage } from '@ridgeline/shared/domain/billing';
import { notify } from '../../lib/toast';
import { answer, apiError, json, sent } from '../../test/fake-server';
import { renderWithSession } from '../../test/render-with-session';
import { alice, answerSession } from '../../test/session-fakes';
import PricingPage from './pricing-page';
import { BillingBannerContent } from './billing-banner-content';
import { billingBannerKind } from './billing-banner-kind';

vi.mock('../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const TRIAL: BillingOverview = {
  mode: 'test',
  plan: 'professional',
  effectivePlan: 'professional',
  status: 'trialing',
  trialEndsAt: '2026-12-07T12:00:00.000Z',
  trialDaysLeft: 14,
  readOnly: false,
  readOnlyReason: null,
  graceEndsAt: null,
  pendingPlan: null,
  currentPeriodEnd: null,
  activeFiles: { active: 12, limit: 25 },
  canPay: true,
  payers: [{ name: 'Olive Owner', email: 'olive@example.com' }],
  hasPaymentMethod: false,
};

beforeEach(() => vi.clearAllMocks());

function renderPricing(billing: BillingOverview) {
  answerSession(alice);
  answer('GET /api/billing', json(billing));
  renderWithSession(<PricingPage />, { url: '/pricing', queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }) });
}

const card = (name: string) => screen.getByRole('group', { name });

describe('/pricing', () => {
  it('shows the four plans, the trial, the test mode and each plan against the active files', async () => {
    renderPricing(TRIAL);
    expect(await screen.findByText(/Free trial: 14 days left, counted as Professional/)).toBeInTheDocument();
    expect(screen.getByText(/Test mode: no card is charged/)).toBeInTheDocument();
    expect(within(card('Professional')).getByText('Most Popular')).toBeInTheDocument();
    expect(within(card('Starter')).getByText('12 of 10 active files: close 2 first')).toBeInTheDocument();
    expect(within(card('Starter')).getByRole('button', { name: 'Choose Starter' })).toBeDisabled();
    expect(within(card('Business')).getByText('12 of 50 active files')).toBeInTheDocument();
    expect(within(card('Enterprise')).getByText('$999')).toBeInTheDocument();
  });

  it('marks Professional as the current plan during the trial, and it can still be chosen to keep it', async () => {
    renderPricing(TRIAL);
    const professional = await screen.findByRole('group', { name: 'Professional' });
    expect(within(professional).getByText('Current plan: Trial')).toBeInTheDocument();
    expect(within(professional).getByRole('button', { name: 'Choose Professional' })).toBeEnabled();
    for (const other of ['Starter', 'Business', 'Enterprise']) expect(within(card(other)).queryByText(/Current plan/)).not.toBeInTheDocument();
  });

  it('keeps the plan chosen at sign-up in view, during the trial and once it has ended', async () => {
    renderPricing({ ...TRIAL, plan: 'business' });
    const business = await screen.findByRole('group', { name: 'Business' });
    expect(within(business).getByText('Your choice at sign-up')).toBeInTheDocument();
    expect(within(card('Professional')).getByText('Current plan: Trial')).toBeInTheDocument();
  });

  it('marks the plan chosen at sign-up once the trial has ended and the company must choose', async () => {
    renderPricing({ ...TRIAL, plan: 'business', readOnly: true, readOnlyReason: 'trial_ended', trialDaysLeft: 0 });
    const business = await screen.findByRole('group', { name: 'Business' });
    expect(within(business).getByText('Your choice at sign-up')).toBeInTheDocument();
    expect(within(business).getByRole('button', { name: 'Choose Business' })).toBeEnabled();
    expect(screen.queryByText(/Current plan/)).not.toBeInTheDocument();
  });

  it('lists the files to close in a dialog, from the plan check', async () => {
    const check: PlanCheck = {
      plan: 'starter',
      limit: 10,
      active: 12,
      mustClose: 2,
      activeProjects: [{ id: '11111111-1111-4111-8111-111111111111', title: 'Smith roof', status: 'Lead', updatedAt: '2026-01-02T00:00:00.000Z' }],
    };
    answer('GET /api/billing/plan-check', json(check));
    renderPricing(TRIAL);
    await userEvent.click(await screen.findByRole('button', { name: 'See the files to close for Starter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Files to close before Starter' });
    expect(await within(dialog).findByRole('link', { name: /Smith roof/ })).toHaveAttribute('href', '/projects/11111111-1111-4111-8111-111111111111');
  });

  it('chooses a plan and says so; a refusal shows the server words', async () => {
    const result: ChoosePlanResult = {
      outcome: 'applied',
      checkoutUrl: null,
      billing: { ...TRIAL, status: 'active', plan: 'business', effectivePlan: 'business', trialDaysLeft: 0, activeFiles: { active: 12, limit: 50 } },
    };
    answer('POST /api/billing/plan', [json(result), apiError('NOT_PAYER')]);
    renderPricing(TRIAL);
    await userEvent.click(await screen.findByRole('button', { name: 'Choose Business' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('You are on the Business plan', 'Up to 50 active files, unlimited users.'));
    expect(sent('POST /api/billing/plan')[0]?.body).toEqual({ plan: 'business' });
    await userEvent.click(await screen.findByRole('button', { name: 'Choose Enterprise' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('The plan was not changed', expect.stringContaining('Only the company owner')));
  });

  it('tells a member who can change the plan, with no Choose buttons', async () => {
    renderPricing({ ...TRIAL, canPay: false });
    expect(await screen.findByText('Only owners can change the plan. Ask Olive Owner (olive@example.com).')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Choose/ })).not.toBeInTheDocument();
  });
});

describe('the billing banner', () => {
  it('says read-only with the way to /pricing, a failed payment with the way to /payments, and the last trial days', () => {
    const banner = (billing: BillingOverview) => (
      <MemoryRouter>
        <BillingBannerContent billing={billing} />
      </MemoryRouter>
    );
    const { rerender } = render(banner({ ...TRIAL, readOnly: true, readOnlyReason: 'trial_ended', trialDaysLeft: 0 }));
    expect(screen.getByRole('alert')).toHaveTextContent(readOnlyMessage('trial_ended'));
    expect(screen.getByRole('link', { name: 'Choose a plan' })).toHaveAttribute('href', '/pricing');

    rerender(banner({ ...TRIAL, status: 'past_due', graceEndsAt: '2026-12-01T12:00:00.000Z', trialDaysLeft: 0 }));
    expect(screen.getByRole('alert')).toHaveTextContent('Your last payment failed. Update your card by Dec 1, 2026 to keep working.');
    expect(screen.getByRole('link', { name: 'Update your card' })).toHaveAttribute('href', '/payments');

    rerender(banner({ ...TRIAL, trialDaysLeft: 3 }));
    expect(screen.getByRole('status')).toHaveTextContent('3 days left in your free trial');
    rerender(banner(TRIAL));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('loads the banner only for a state that has one: read-only, a failed payment, the last trial days', () => {
    expect(billingBannerKind(TRIAL)).toBeNull();
    expect(billingBannerKind({ ...TRIAL, trialDaysLeft: 3 })).toBe('trial');
    expect(billingBannerKind({ ...TRIAL, readOnly: true, readOnlyReason: 'trial_ended', trialDaysLeft: 0 })).toBe('read-only');
    expect(billingBannerKind({ ...TRIAL, status: 'past_due', graceEndsAt: '2026-12-01T12:00:00.000Z', trialDaysLeft: 0 })).toBe('past-due');
    expect(billingBannerKind({ ...TRIAL, status: 'past_due', graceEndsAt: null, trialDaysLeft: 0 })).toBeNull();
  });
});
