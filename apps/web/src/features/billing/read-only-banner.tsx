import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { ApiError } from '../../lib/api-client';
import { useBillingOverview } from './api/billing-overview';
import { billingOverviewKey } from './api/billing-keys';
import { billingBannerKind } from './billing-banner-kind';

// The billing banner on every signed-in page: read-only (with the way to /pricing), a failed payment
// in its grace period (with the way to /payments), and the last days of the free trial. Most pages
// show none of them: the banner's words and the kit's alert (with its class merge) load only when
// there is one to show, off the signed-in first load.

const BillingBannerContent = lazy(() => import('./billing-banner-content').then((m) => ({ default: m.BillingBannerContent })));

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

/** The banner itself: mounted by the signed-in shell for users with a company. */
export default function ReadOnlyBanner() {
  useRefreshOnReadOnly();
  const billing = useBillingOverview().data;
  if (!billing || billingBannerKind(billing) === null) return null;
  return (
    <Suspense fallback={null}>
      <BillingBannerContent billing={billing} />
    </Suspense>
  );
}
