import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { BillingOverview } from '@ridgeline/shared/contracts/billing';
import { readOnlyMessage } from '@ridgeline/shared/domain/billing';
import { AlertBox } from '../../components/ui/alert';
import { ApiError } from '../../lib/api-client';
import { useBillingOverview } from './api/billing-overview';
import { billingOverviewKey } from './api/billing-keys';
import { dateText } from './billing-words';

// The billing banner on every signed-in page: read-only (with the way to /pricing), a failed payment
// in its grace period (with the way to /payments), and the last days of the free trial.

const LINK = 'inline-flex min-h-11 items-center font-semibold text-blue-800 underline underline-offset-2';

/** The trial's last days get a quiet line from this many days left. */
export const TRIAL_BANNER_DAYS = 3;

/** Any write answered 402 BILLING_READ_ONLY means the company just became read-only: the banner reads the state again. */
function useRefreshOnReadOnly() {
  const client = useQueryClient();
  useEffect(
    () =>
      client.getMutationCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        const { error } = event.action;
        if (error instanceof ApiError && error.code === 'BILLING_READ_ONLY') void client.invalidateQueries({ queryKey: billingOverviewKey });
      }),
    [client],
  );
}

export function BillingBannerContent({ billing }: { billing: BillingOverview }) {
  if (billing.readOnly && billing.readOnlyReason) {
    return (
      <AlertBox tone="error" role="alert" className="flex flex-col gap-1 rounded-none border-b border-red-200 px-4 sm:flex-row sm:items-center sm:gap-4">
        <p>{readOnlyMessage(billing.readOnlyReason)}</p>
        <Link to="/pricing" className={`${LINK} shrink-0`}>
          Choose a plan
        </Link>
      </AlertBox>
    );
  }
  if (billing.status === 'past_due' && billing.graceEndsAt) {
    return (
      <AlertBox tone="warning" role="alert" className="flex flex-col gap-1 rounded-none border-b border-amber-300 px-4 sm:flex-row sm:items-center sm:gap-4">
        <p>Your last payment failed. Update your card by {dateText(billing.graceEndsAt)} to keep working.</p>
        <Link to="/payments" className={`${LINK} shrink-0`}>
          Update your card
        </Link>
      </AlertBox>
    );
  }
  if (billing.status === 'trialing' && billing.trialDaysLeft <= TRIAL_BANNER_DAYS) {
    const days = billing.trialDaysLeft === 1 ? '1 day' : `${billing.trialDaysLeft} days`;
    return (
      <AlertBox tone="info" role="status" className="flex flex-wrap items-center gap-x-4 rounded-none border-b border-blue-100 px-4 py-1">
        <p>{days} left in your free trial</p>
        <Link to="/pricing" className={LINK}>
          See plans
        </Link>
      </AlertBox>
    );
  }
  return null;
}

/** The banner itself: mounted by the signed-in shell for users with a company. */
export default function ReadOnlyBanner() {
  useRefreshOnReadOnly();
  const billing = useBillingOverview();
  return billing.data ? <BillingBannerContent billing={billing.data} /> : null;
}
