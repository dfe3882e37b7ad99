import { Hono } from 'hono';
import { analyticsQuerySchema } from '@ridgeline/shared/contracts/analytics';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { requireActor, requireTenant } from '../../http/middleware/auth';
import { validate } from '../../http/middleware/validate';
import { createAnalyticsService } from './analytics.service';

/** GET /api/analytics: the company's figures for owners and managers, a member's own for a member. */
export function analyticsRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const analytics = createAnalyticsService({ db: deps.database.db, readTimeoutMs: deps.config.databaseTimeouts.readMs });
  const actor = requireActor(deps);
  const tenant = requireTenant(deps);

  app.get('/api/analytics', actor, tenant, validate('query', analyticsQuerySchema), async (c) =>
    c.json(await analytics.view(c.get('actor'), c.get('tenant'), c.req.valid('query'))),
  );
  return app;
}
