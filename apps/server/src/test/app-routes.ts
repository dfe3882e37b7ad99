import { createApp } from '../app';
import type { AppDeps } from '../http/deps';

/** Every method and path the assembled app answers (Hono's route table), for tests that walk all routes. */
export function appRoutes(deps: AppDeps): { method: string; path: string }[] {
  return createApp(deps).routes.map((route) => ({ method: route.method, path: route.path }));
}
