import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { checkoutStatusSchema, type CheckoutStatus } from '@ridgeline/shared/contracts/billing';
import { api, ApiError } from '../../../lib/api-client';
import { billingRootKey, checkoutKey } from './billing-keys';

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

/**
 * What the success pages show: the payment asked every 2 s while open for up to a minute (then
 * `timedOut`, and the page says it is still confirming), and once it is complete everything billing
 * shows (plan, balance, invoices) is read again.
 */
export function useConfirmedCheckout(id: string | null) {
  const [startedAt] = useState(() => Date.now());
  const [timedOut, setTimedOut] = useState(false);
  const checkout = useCheckoutStatus(id, !timedOut);
  const client = useQueryClient();
  const status = checkout.data?.status;

  useEffect(() => {
    const timer = window.setTimeout(() => setTimedOut(true), Math.max(0, CHECKOUT_POLL_LIMIT_MS - (Date.now() - startedAt)));
    return () => window.clearTimeout(timer);
  }, [startedAt]);

  useEffect(() => {
    if (status === 'complete') void client.invalidateQueries({ queryKey: billingRootKey, predicate: (query) => query.queryKey[1] !== 'checkout' });
  }, [status, client]);

  return { checkout, timedOut };
}
