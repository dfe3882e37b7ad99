import { Hono } from 'hono';
import { uuidParamSchema } from '@ridgeline/shared/contracts/common';
import {
  createAdjusterSchema,
  createCarrierSchema,
  directoryQuerySchema,
  updateAdjusterSchema,
  updateCarrierSchema,
  type AdjusterList,
  type CarrierList,
} from '@ridgeline/shared/contracts/carriers';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { requireActor, requireTenant } from '../../http/middleware/auth';
import { validate } from '../../http/middleware/validate';
import { createCarriersService } from './carriers.service';

/** The carrier directory (carriers and adjusters): every member reads and adds to it; changes and deletions follow carriers.policy.ts. */
export function carrierRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const directory = createCarriersService({ db: deps.database.db });
  const actor = requireActor(deps);
  const tenant = requireTenant(deps);
  const id = validate('param', uuidParamSchema);

  app.get('/api/carriers', actor, tenant, validate('query', directoryQuerySchema), async (c) => {
    const body: CarrierList = { carriers: await directory.list(c.get('tenant'), c.req.valid('query')) };
    return c.json(body);
  });
  app.post('/api/carriers', actor, tenant, validate('json', createCarrierSchema), async (c) =>
    c.json(await directory.create(c.get('actor'), c.get('tenant'), c.req.valid('json')), 201),
  );
  app.get('/api/carriers/:id', actor, tenant, id, async (c) => c.json(await directory.detail(c.get('tenant'), c.req.valid('param').id)));
  app.patch('/api/carriers/:id', actor, tenant, id, validate('json', updateCarrierSchema), async (c) =>
    c.json(await directory.update(c.get('actor'), c.get('tenant'), c.req.valid('param').id, c.req.valid('json'))),
  );
  app.delete('/api/carriers/:id', actor, tenant, id, async (c) => {
    await directory.remove(c.get('tenant'), c.req.valid('param').id);
    return c.body(null, 204);
  });

  app.get('/api/adjusters', actor, tenant, validate('query', directoryQuerySchema), async (c) => {
    const body: AdjusterList = { adjusters: await directory.listAdjusters(c.get('tenant'), c.req.valid('query')) };
    return c.json(body);
  });
  app.post('/api/adjusters', actor, tenant, validate('json', createAdjusterSchema), async (c) =>
    c.json(await directory.createAdjuster(c.get('actor'), c.get('tenant'), c.req.valid('json')), 201),
  );
  app.patch('/api/adjusters/:id', actor, tenant, id, validate('json', updateAdjusterSchema), async (c) =>
    c.json(await directory.updateAdjuster(c.get('actor'), c.get('tenant'), c.req.valid('param').id, c.req.valid('json'))),
  );
  app.delete('/api/adjusters/:id', actor, tenant, id, async (c) => {
    await directory.removeAdjuster(c.get('tenant'), c.req.valid('param').id);
    return c.body(null, 204);
  });
  return app;
}
