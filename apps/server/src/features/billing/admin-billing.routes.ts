import { Hono } from 'hono';
import { adjustCreditsSchema, adminBillingQuerySchema, extendTrialSchema } from '@ridgeline/shared/contracts/billing';
import { uuidParamSchema } from '@ridgeline/shared/contracts/common';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { requireActor, requirePlatformAdmin } from '../../http/middleware/auth';
import { validate } from '../../http/middleware/validate';
import { createAdminBillingService } from './admin-billing.service';

/** Billing routes: the platform admin's billing view across companies (platform admins only, 403 for everyone else). */
export function adminBillingRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const service = createAdminBillingService({ db: deps.database.db });

  app.get('/api/admin/billing/companies', requireActor(deps), requirePlatformAdmin(), validate('query', adminBillingQuerySchema), async (c) =>
    c.json(await service.listCompanies(c.req.valid('query'))),
  );

  app.post(
    '/api/admin/billing/companies/:id/credits',
    requireActor(deps),
    requirePlatformAdmin(),
    validate('param', uuidParamSchema),
    validate('json', adjustCreditsSchema),
    async (c) => c.json(await service.adjustCredits(c.get('actor'), c.req.valid('param').id, c.req.valid('json'))),
  );

  app.post(
    '/api/admin/billing/companies/:id/extend-trial',
    requireActor(deps),
    requirePlatformAdmin(),
    validate('param', uuidParamSchema),
    validate('json', extendTrialSchema),
    async (c) => c.json(await service.extendTrial(c.get('actor'), c.req.valid('param').id, c.req.valid('json'))),
  );

  return app;
}
