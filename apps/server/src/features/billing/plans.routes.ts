import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';

/** Billing routes: the plan, the trial and test-mode payments. */
export function plansRoutes(_deps: AppDeps) {
  return new Hono<AppEnv>();
}
