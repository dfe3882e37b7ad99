import { createApp } from '../app';
import type { AppDeps } from '../http/deps';
import { rejectUnsafeJsonBody } from '../http/middleware/control-characters';
import { isRawBody, STRIPE_WEBHOOK_PATH } from '../http/middleware/write-guard';

/** Every method and path the assembled app answers (Hono's route table), for tests that walk all routes. */
export function appRoutes(deps: AppDeps): { method: string; path: string }[] {
  return createApp(deps).routes.map((route) => ({ method: route.method, path: route.path }));
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every route of the app that reads a JSON body, once each: the writes under /api that are not raw
 * uploads (nor Stripe's signed webhook), and the PUTs that take JSON (those whose middleware holds
 * the JSON body check of `jsonPut()`).
 */
export function jsonBodyRoutes(deps: AppDeps): { method: string; path: string }[] {
  const routes = createApp(deps).routes;
  const jsonPuts = new Set(routes.filter((route) => route.handler === rejectUnsafeJsonBody).map((route) => `${route.method} ${route.path}`));
  const seen = new Set<string>();
  return routes
    .map((route) => ({ method: route.method, path: route.path }))
    .filter((route) => {
      const key = `${route.method} ${route.path}`;
      if (seen.has(key) || !WRITES.has(route.method) || !route.path.startsWith('/api/') || route.path === STRIPE_WEBHOOK_PATH) return false;
      if (isRawBody(route.method, route.path) && !jsonPuts.has(key)) return false;
      seen.add(key);
      return true;
    });
}
