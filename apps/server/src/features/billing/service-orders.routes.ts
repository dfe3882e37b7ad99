import { Hono } from 'hono';
import { z } from 'zod';
import {
  deliverServiceOrderQuerySchema,
  adminServiceOrdersQuerySchema,
  cancelServiceOrderSchema,
  createServiceOrderSchema,
  serviceOrderProgressSchema,
  type adminServiceOrderListSchema,
  type serviceOrderListSchema,
} from '@ridgeline/shared/contracts/billing';
import { uuidParamSchema } from '@ridgeline/shared/contracts/common';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { requireActor, requirePlatformAdmin, requireTenant } from '../../http/middleware/auth';
import { keptUpload, readRawBody } from '../../http/middleware/upload';
import { validate } from '../../http/middleware/validate';
import { createServiceOrdersService } from './service-orders.service';

/** The delivered file's name, with the same rule as a project file's upload name. */
type ServiceOrderList = z.infer<typeof serviceOrderListSchema>;
type AdminServiceOrderList = z.infer<typeof adminServiceOrderListSchema>;

/**
 * Billing routes: service orders on projects (any member reads them; owners and managers order and
 * cancel), and the platform admin's queue (start, deliver a file, cancel with a refund).
 */
export function serviceOrderRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const orders = createServiceOrdersService({ db: deps.database.db, storage: deps.storage, logger: deps.logger });
  const actor = requireActor(deps);
  const tenant = requireTenant(deps);
  const admin = requirePlatformAdmin('Only platform admins can work on the service order queue.');
  const id = validate('param', uuidParamSchema);
  const maxBytes = deps.config.projectFileMaxMb * 1024 * 1024;

  app.get('/api/projects/:id/service-orders', actor, tenant, id, async (c) => {
    const body: ServiceOrderList = { orders: await orders.list(c.get('tenant'), c.req.valid('param').id) };
    return c.json(body);
  });
  app.post('/api/projects/:id/service-orders', actor, tenant, id, validate('json', createServiceOrderSchema), async (c) =>
    c.json(await orders.create(c.get('actor'), c.get('tenant'), c.req.valid('param').id, c.req.valid('json')), 201),
  );
  app.post('/api/service-orders/:id/cancel', actor, tenant, id, validate('json', cancelServiceOrderSchema), async (c) =>
    c.json(await orders.cancel(c.get('actor'), c.get('tenant'), c.req.valid('param').id, c.req.valid('json').reason)),
  );

  app.get('/api/admin/service-orders', actor, admin, validate('query', adminServiceOrdersQuerySchema), async (c) => {
    const body: AdminServiceOrderList = { orders: await orders.adminList(c.req.valid('query').status) };
    return c.json(body);
  });
  app.post('/api/admin/service-orders/:id/status', actor, admin, id, validate('json', serviceOrderProgressSchema), async (c) =>
    c.json(await orders.adminStart(c.req.valid('param').id)),
  );
  app.post('/api/admin/service-orders/:id/cancel', actor, admin, id, validate('json', cancelServiceOrderSchema), async (c) =>
    c.json(await orders.adminCancel(c.get('actor'), c.req.valid('param').id, c.req.valid('json').reason)),
  );
  app.put('/api/admin/service-orders/:id/delivery', actor, admin, id, validate('query', deliverServiceOrderQuerySchema), async (c) => {
    const orderId = c.req.valid('param').id;
    // The file is the order's company's: its quotas and storage, not the admin's own company's.
    const companyId = await orders.deliveryCompany(orderId);
    const body = await readRawBody(c, { maxBytes, quota: { ...keptUpload(deps.uploadQuota), companyId } });
    return c.json(await orders.adminDeliver(c.get('actor'), orderId, c.req.valid('query').fileName, body));
  });

  return app;
}
