import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { assertMayReadMetrics } from './health.policy';
import { createHealthService } from './health.service';

/** GET /api/health, /api/live, /api/ready and, when a token is configured, GET /metrics. */
export function healthRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const health = createHealthService({ db: deps.database.db, databaseMode: deps.databaseMode, version: deps.version, draining: deps.draining });
  app.get('/api/health', async (c) => c.json(await health.check()));
  app.get('/api/live', (c) => c.json(health.live()));
  app.get('/api/ready', async (c) => c.json(await health.ready()));

  // Without METRICS_TOKEN the app's port serves no metrics (METRICS_PORT may serve them apart).
  const token = deps.config.metrics.token;
  app.get('/metrics', async (c) => {
    assertMayReadMetrics(c.req.header('authorization'), token);
    const { body, contentType } = await deps.metrics.scrape();
    return c.body(body, 200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
  });
  return app;
}
