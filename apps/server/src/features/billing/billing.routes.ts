import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { adminBillingRoutes } from './admin-billing.routes';
import { creditsRoutes } from './credits.routes';
import { paymentsRoutes } from './payments.routes';
import { plansRoutes } from './plans.routes';
import { serviceOrderRoutes } from './service-orders.routes';

/** Billing: plans and the trial, payments, credits, service orders and the platform admin's view. */
export function billingRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  for (const routes of [plansRoutes, paymentsRoutes, creditsRoutes, serviceOrderRoutes, adminBillingRoutes]) app.route('/', routes(deps));
  return app;
}
