import { Hono } from 'hono';
import { uuidParamSchema } from '@ridgeline/shared/contracts/common';
import { convertSessionSchema } from '@ridgeline/shared/contracts/estimating';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { requireActor, requireTenant } from '../../http/middleware/auth';
import { validate } from '../../http/middleware/validate';
import { createSessionConversionService } from './session-conversion.service';

/** An inspection session converted into a claim file: any member of the company may convert its sessions. */
export function sessionConversionRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const conversion = createSessionConversionService({ db: deps.database.db });
  const actor = requireActor(deps);
  const tenant = requireTenant(deps);

  // 201 when a claim file was created, 200 when the session was attached (or had been converted before).
  app.post('/api/inspections/:id/convert', actor, tenant, validate('param', uuidParamSchema), validate('json', convertSessionSchema), async (c) => {
    const result = await conversion.convert(c.get('actor'), c.get('tenant'), c.req.valid('param').id, c.req.valid('json'));
    return c.json(result, result.created ? 201 : 200);
  });
  return app;
}
