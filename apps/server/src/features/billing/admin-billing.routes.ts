import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';

/** Billing routes: the platform admin's billing view. */
export function adminBillingRoutes(_deps: AppDeps) {
  return new Hono<AppEnv>();
}
