import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';

/** Billing routes: service orders on projects. */
export function serviceOrderRoutes(_deps: AppDeps) {
  return new Hono<AppEnv>();
}
