import { Link } from 'react-router';
import type { BillingOverview } from '@ridgeline/shared/contracts/billing';
import { readOnlyMessage } from '@ridgeline/shared/domain/billing';
import { AlertBox } from '../../components/ui/alert';
import { dateText } from './billing-words';
import { billingBannerKind } from './billing-banner-kind';
import { paths } from '../../lib/paths';

// The billing banner's words on every signed-in page: read-only (with the way to /pricing), a failed
// payment in its grace period (with the way to /payments), and the last days of the free trial. Its
// code (the kit's alert and its class merge) loads only when there is one to show (read-only-banner.tsx).

const LINK = 'inline-flex min-h-11 items-center font-semibold text-blue-800 underline underline-offset-2';

export function BillingBannerContent({ billing }: { billing: BillingOverview }) {
  const kind = billingBannerKind(billing);
  if (kind === 'read-only' && billing.readOnlyReason) {
    return (
      <AlertBox tone="error" role="alert" className="flex flex-col gap-1 rounded-none border-b border-red-200 px-4 sm:flex-row sm:items-center sm:gap-4">
        <p>{readOnlyMessage(billing.readOnlyReason)}</p>
        <Link to={paths.pricing} className={`${LINK} shrink-0`}>
          Choose a plan
        </Link>
      </AlertBox>
    );
  }
  if (kind === 'past-due' && billing.graceEndsAt) {
    return (
      <AlertBox tone="warning" role="alert" className="flex flex-col gap-1 rounded-none border-b border-amber-300 px-4 sm:flex-row sm:items-center sm:gap-4">
        <p>Your last payment failed. Update your card by {dateText(billing.graceEndsAt)} to keep working.</p>
        <Link to={paths.payments} className={`${LINK} shrink-0`}>
          Update your card
        </Link>
      </AlertBox>
    );
  }
  if (kind === 'trial') {
    const days = billing.trialDaysLeft === 1 ? '1 day' : `${billing.trialDaysLeft} days`;
    return (
      <AlertBox tone="info" role="status" className="flex flex-wrap items-center gap-x-4 rounded-none border-b border-blue-100 px-4 py-1">
        <p>{days} left in your free trial</p>
        <Link to={paths.pricing} className={LINK}>
          See plans
        </Link>
      </AlertBox>
    );
  }
  return null;
}
