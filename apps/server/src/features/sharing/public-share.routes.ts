import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';

/** What a share link opens with no sign-in: the shared document, its PDF, and the proposal's signature. */
export function publicShareRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  void deps;
  return app;
}
