import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';

/** Share links of a claim file's documents: create, list, revoke, view log. */
export function shareLinkRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  void deps;
  return app;
}
