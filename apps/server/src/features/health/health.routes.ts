import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { createHealthService } from './health.service';

/** GET /api/health: answers once the database does. */
export function healthRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const health = createHealthService({ db: deps.database.db, databaseMode: deps.databaseMode, version: deps.version });
  app.get('/api/health', async (c) => c.json(await health.check()));
  return app;
}
