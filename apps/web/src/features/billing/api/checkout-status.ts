import { useQuery } from '@tanstack/react-query';
import { checkoutStatusSchema, type CheckoutStatus } from '@ridgeline/shared/contracts/billing';
import { api, ApiError } from '../../../lib/api-client';
import { checkoutKey } from './billing-keys';

// GET /api/billing/checkouts/:id: a payment as the server knows it (the server asks Stripe while it
// is open). The success page reads this, never the URL alone.

/** How often an open payment is asked again, and for how long before the page says it is still confirming. */
export const CHECKOUT_POLL_MS = 2_000;
export const CHECKOUT_POLL_LIMIT_MS = 60_000;

export function fetchCheckoutStatus(id: string): Promise<CheckoutStatus> {
  return api.get(`/api/billing/checkouts/${encodeURIComponent(id)}`, { schema: checkoutStatusSchema });
}

/** The payment, asked every 2 s while it is open and `polling` is true. A 404 or 400 is not retried. */
export function useCheckoutStatus(id: string | null, polling: boolean) {
  return useQuery({
    queryKey: checkoutKey(id ?? ''),
    queryFn: () => fetchCheckoutStatus(id ?? ''),
    enabled: id !== null,
    refetchInterval: (query) => (polling && query.state.data?.status === 'open' ? CHECKOUT_POLL_MS : false),
    retry: (count, error) => !(error instanceof ApiError && (error.status === 404 || error.status === 400)) && count < 2,
  });
}
