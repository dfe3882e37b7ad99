import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';

/** Billing routes: Stripe Checkout, the customer portal, the webhook and invoices. */
export function paymentsRoutes(_deps: AppDeps) {
  return new Hono<AppEnv>();
}
