import type { BillingOverview } from '@ridgeline/shared/contracts/billing';

// Which billing banner a signed-in page shows: read-only, a failed payment in its grace period, or
// the last days of the free trial (read-only-banner.tsx loads the banner's words only for one of them).

/** The trial's last days get a quiet line from this many days left. */
export const TRIAL_BANNER_DAYS = 3;

export type BillingBannerKind = 'read-only' | 'past-due' | 'trial';

/** Which banner the company's billing state calls for, if any. */
export function billingBannerKind(billing: BillingOverview): BillingBannerKind | null {
  if (billing.readOnly && billing.readOnlyReason) return 'read-only';
  if (billing.status === 'past_due' && billing.graceEndsAt) return 'past-due';
  if (billing.status === 'trialing' && billing.trialDaysLeft <= TRIAL_BANNER_DAYS) return 'trial';
  return null;
}
