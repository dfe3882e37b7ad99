import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';

/** Proposals for the homeowner built from an estimate. */
export function proposalRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  void deps;
  return app;
}
