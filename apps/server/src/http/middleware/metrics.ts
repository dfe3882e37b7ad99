import { createMiddleware } from 'hono/factory';
import { routePath } from 'hono/route';
import type { Metrics } from '../../infra/metrics/metrics';
import type { AppEnv } from '../context';

/**
 * Times every answer, from the first middleware to the last byte handed to the response, and counts
 * it under the route pattern that answered (`/api/projects/:id`, never the raw path) and its status.
 */
export function recordRequests(metrics: Metrics) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    await next();
    metrics.observeRequest(c.req.method, routePath(c) || '*', c.res.status, (performance.now() - started) / 1000);
  });
}
