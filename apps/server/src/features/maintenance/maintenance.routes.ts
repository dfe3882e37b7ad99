import { Hono } from 'hono';
import { maintenanceSchema } from '@ridgeline/shared/contracts/maintenance';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { requireActor, requirePlatformAdmin } from '../../http/middleware/auth';
import { validate } from '../../http/middleware/validate';

/**
 * The maintenance flag: anyone reads it; platform admins switch it. The service is the one server.ts
 * built for the gate too (deps.maintenance), so both share its cache.
 */
export function maintenanceRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const maintenance = deps.maintenance;
  app.get('/api/settings/maintenance', async (c) => c.json(await maintenance.read()));
  app.put(
    '/api/admin/maintenance',
    requireActor(deps),
    requirePlatformAdmin('Only platform admins can switch maintenance mode.'),
    validate('json', maintenanceSchema),
    async (c) => c.json(await maintenance.write(c.req.valid('json').enabled)),
  );
  return app;
}
