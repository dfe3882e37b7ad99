import { useMutation } from '@tanstack/react-query';
import { portalSessionSchema } from '@ridgeline/shared/contracts/billing';
import { api } from '../../../lib/api-client';

// POST /api/billing/portal: a Stripe customer portal session (cards and invoices) for the owner; it
// returns to /payments. 409 NO_PAYMENT_CUSTOMER before any payment, and in test mode.

export function openPortal(): Promise<{ url: string }> {
  return api.post('/api/billing/portal', {}, { schema: portalSessionSchema, urgent: true });
}

export function useOpenPortal() {
  return useMutation({ mutationFn: openPortal });
}
