import { Hono } from 'hono';
import { uuidParamSchema } from '@ridgeline/shared/contracts/common';
import {
  createInspectionSchema,
  inspectionListQuerySchema,
  updateInspectionSchema,
  type InspectionActivityList,
} from '@ridgeline/shared/contracts/inspections';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { requireActor, requireTenant } from '../../http/middleware/auth';
import { validate } from '../../http/middleware/validate';
import { createInspectionsService } from './inspections.service';

/** Inspection sessions: every member of the company reads and works on the company's sessions. */
export function inspectionRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const inspections = createInspectionsService({ db: deps.database.db, events: deps.events });
  const actor = requireActor(deps);
  const tenant = requireTenant(deps);
  const id = validate('param', uuidParamSchema);

  app.get('/api/inspections', actor, tenant, validate('query', inspectionListQuerySchema), async (c) =>
    c.json(await inspections.list(c.get('actor'), c.get('tenant'), c.req.valid('query'))),
  );
  // The client's id: 201 when it is new, 200 when the company already has it (the fields applied as an update).
  app.post('/api/inspections', actor, tenant, validate('json', createInspectionSchema), async (c) => {
    const { session, created } = await inspections.create(c.get('actor'), c.get('tenant'), c.req.valid('json'));
    return c.json(session, created ? 201 : 200);
  });
  app.get('/api/inspections/:id', actor, tenant, id, async (c) => c.json(await inspections.get(c.get('tenant'), c.req.valid('param').id)));
  app.patch('/api/inspections/:id', actor, tenant, id, validate('json', updateInspectionSchema), async (c) =>
    c.json(await inspections.update(c.get('actor'), c.get('tenant'), c.req.valid('param').id, c.req.valid('json'))),
  );
  app.get('/api/inspections/:id/activity', actor, tenant, id, async (c) => {
    const body: InspectionActivityList = { entries: await inspections.activity(c.get('tenant'), c.req.valid('param').id) };
    return c.json(body);
  });
  return app;
}
