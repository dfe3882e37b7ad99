import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { requireActor, requireTenant } from '../../http/middleware/auth';
import { createDashboardService } from './dashboard.service';

/** GET /api/dashboard: the signed-in user's company at a glance (every member of the company). */
export function dashboardRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const dashboard = createDashboardService({ db: deps.database.db });
  const actor = requireActor(deps);
  const tenant = requireTenant(deps);

  app.get('/api/dashboard', actor, tenant, async (c) => c.json(await dashboard.forUser(c.get('actor'), c.get('tenant'))));
  return app;
}
