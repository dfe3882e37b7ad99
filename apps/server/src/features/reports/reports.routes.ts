import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';

/** Photo reports, the editor's drafts, claim packets: create, list, save, render, download. */
export function reportRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  void deps;
  return app;
}
