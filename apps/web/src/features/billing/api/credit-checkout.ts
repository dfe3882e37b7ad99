import { useQuery } from '@tanstack/react-query';
import { checkoutStatusSchema, type CheckoutStatus } from '@ridgeline/shared/contracts/billing';
import { api } from '../../../lib/api-client';
import { checkoutKey } from './billing-keys';

// GET /api/billing/checkouts/:id: a Checkout as the server knows it. The success page confirms a
// purchase from this, never from the URL it was sent to.

/** While the payment is still open (the webhook has not arrived), it is read again this often. */
export const CHECKOUT_POLL_MS = 2000;

export function fetchCheckout(id: string): Promise<CheckoutStatus> {
  return api.get(`/api/billing/checkouts/${encodeURIComponent(id)}`, { schema: checkoutStatusSchema });
}

export function useCheckoutStatus(id: string | null) {
  return useQuery({
    queryKey: checkoutKey(id ?? ''),
    queryFn: () => fetchCheckout(id ?? ''),
    enabled: id !== null && id !== '',
    retry: false,
    refetchInterval: (query) => (query.state.data?.status === 'open' ? CHECKOUT_POLL_MS : false),
  });
}
