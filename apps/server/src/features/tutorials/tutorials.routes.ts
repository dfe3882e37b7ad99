import { Hono } from 'hono';
import { uuidParamSchema } from '@ridgeline/shared/contracts/common';
import { createTutorialSchema, tutorialQuerySchema, updateTutorialSchema, type TutorialList } from '@ridgeline/shared/contracts/tutorials';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { requireActor, requirePlatformAdmin } from '../../http/middleware/auth';
import { validate } from '../../http/middleware/validate';
import { createTutorial, listTutorials, tutorialsForRoute, updateTutorial } from './tutorials.service';

/** Help videos: every signed-in user reads them; platform admins create, edit and deactivate them. */
export function tutorialRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;
  const admin = requirePlatformAdmin('Only platform admins can manage tutorials.');

  app.get('/api/tutorials', requireActor(deps), validate('query', tutorialQuerySchema), async (c) => {
    const body: TutorialList = { tutorials: await tutorialsForRoute(db, c.req.valid('query').route) };
    return c.json(body);
  });
  app.get('/api/tutorials/all', requireActor(deps), async (c) => {
    const body: TutorialList = { tutorials: await listTutorials(db, c.get('actor').role === 'admin') };
    return c.json(body);
  });
  app.post('/api/admin/tutorials', requireActor(deps), admin, validate('json', createTutorialSchema), async (c) =>
    c.json(await createTutorial(db, c.req.valid('json')), 201),
  );
  app.patch('/api/admin/tutorials/:id', requireActor(deps), admin, validate('param', uuidParamSchema), validate('json', updateTutorialSchema), async (c) =>
    c.json(await updateTutorial(db, c.req.valid('param').id, c.req.valid('json'))),
  );
  return app;
}
