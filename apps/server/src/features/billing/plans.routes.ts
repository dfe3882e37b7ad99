import { Hono } from 'hono';
import { choosePlanSchema, planCheckQuerySchema } from '@ridgeline/shared/contracts/billing';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { requireActor, requireTenant } from '../../http/middleware/auth';
import { validate } from '../../http/middleware/validate';
import { createPlansService } from './plans.service';

/** Billing routes: the plan, the trial and test-mode payments. Any member reads; owners choose. */
export function plansRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const plans = createPlansService({ db: deps.database.db, payments: deps.payments, publicUrl: deps.config.publicUrl });
  const actor = requireActor(deps);
  const tenant = requireTenant(deps);

  app.get('/api/billing', actor, tenant, async (c) => c.json(await plans.overview(c.get('actor'), c.get('tenant'))));
  app.get('/api/billing/plan-check', actor, tenant, validate('query', planCheckQuerySchema), async (c) =>
    c.json(await plans.planCheck(c.get('tenant'), c.req.valid('query').plan)),
  );
  app.post('/api/billing/plan', actor, tenant, validate('json', choosePlanSchema), async (c) =>
    c.json(await plans.choosePlan(c.get('actor'), c.get('tenant'), c.req.valid('json').plan)),
  );
  return app;
}
