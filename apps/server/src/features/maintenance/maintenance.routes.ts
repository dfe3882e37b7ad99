import { Hono } from 'hono';
import { maintenanceSchema, siteBannerSchema } from '@ridgeline/shared/contracts/maintenance';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { requireActor, requirePlatformAdmin } from '../../http/middleware/auth';
import { validate } from '../../http/middleware/validate';
import { createSiteBannerService } from './maintenance.service';

/**
 * The maintenance flag: anyone reads it; platform admins switch it. The service is the one server.ts
 * built for the gate too (deps.maintenance), so both share its cache. The site banner: every
 * signed-in user reads it; platform admins edit its words or turn it off.
 */
export function maintenanceRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const maintenance = deps.maintenance;
  const banner = createSiteBannerService({ db: deps.database.db });
  app.get('/api/settings/maintenance', async (c) => c.json(await maintenance.read()));
  app.put(
    '/api/admin/maintenance',
    requireActor(deps),
    requirePlatformAdmin('Only platform admins can switch maintenance mode.'),
    validate('json', maintenanceSchema),
    async (c) => c.json(await maintenance.write(c.req.valid('json').enabled)),
  );
  app.get('/api/settings/site-banner', requireActor(deps), async (c) => c.json(await banner.read()));
  app.put(
    '/api/admin/site-banner',
    requireActor(deps),
    requirePlatformAdmin('Only platform admins can change the site banner.'),
    validate('json', siteBannerSchema),
    async (c) => c.json(await banner.write(c.req.valid('json'))),
  );
  return app;
}
