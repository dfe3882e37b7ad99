import { Hono } from 'hono';
import { uuidParamSchema } from '@ridgeline/shared/contracts/common';
import { createTutorialSchema, tutorialQuerySchema, updateTutorialSchema, type TutorialList } from '@ridgeline/shared/contracts/tutorials';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { requireActor, requirePlatformAdmin } from '../../http/middleware/auth';
import { validate } from '../../http/middleware/validate';
import { createTutorialsService } from './tutorials.service';

/** Help videos: every signed-in user reads them; platform admins create, edit and deactivate them. */
export function tutorialRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const tutorials = createTutorialsService({ db: deps.database.db });
  const actor = requireActor(deps);
  const admin = requirePlatformAdmin('Only platform admins can manage tutorials.');

  app.get('/api/tutorials', actor, validate('query', tutorialQuerySchema), async (c) => {
    const body: TutorialList = { tutorials: await tutorials.forRoute(c.req.valid('query').route) };
    return c.json(body);
  });
  app.get('/api/tutorials/all', actor, async (c) => {
    const body: TutorialList = { tutorials: await tutorials.list(c.get('actor')) };
    return c.json(body);
  });
  app.post('/api/admin/tutorials', actor, admin, validate('json', createTutorialSchema), async (c) => c.json(await tutorials.create(c.req.valid('json')), 201));
  app.patch('/api/admin/tutorials/:id', actor, admin, validate('param', uuidParamSchema), validate('json', updateTutorialSchema), async (c) =>
    c.json(await tutorials.update(c.req.valid('param').id, c.req.valid('json'))),
  );
  return app;
}
