import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';

/** Billing routes: the credit ledger and credit packs. */
export function creditsRoutes(_deps: AppDeps) {
  return new Hono<AppEnv>();
}
