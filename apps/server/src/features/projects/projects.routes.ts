import { Hono } from 'hono';
import { uuidParamSchema } from '@ridgeline/shared/contracts/common';
import {
  activityQuerySchema,
  addNoteSchema,
  changeProjectStatusSchema,
  createProjectSchema,
  createProjectStatusSchema,
  projectListQuerySchema,
  reorderProjectStatusesSchema,
  updateProjectSchema,
  updateProjectStatusSchema,
  type ActivityList,
} from '@ridgeline/shared/contracts/projects';
import type { AppEnv } from '../../http/context';
import { csvDownload } from '../../http/csv-download';
import type { AppDeps } from '../../http/deps';
import { requireActor, requireTenant } from '../../http/middleware/auth';
import { validate } from '../../http/middleware/validate';
import { createProjectStatusesService } from './project-statuses.service';
import { createProjectsService } from './projects.service';
import { createStatusProgress } from './status-progress';

/** Claim files and the company's status pipeline; every route is scoped to the actor's company. */
export function projectRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const projects = createProjectsService({ db: deps.database.db, readTimeoutMs: deps.config.databaseTimeouts.readMs });
  const statuses = createProjectStatusesService({ db: deps.database.db });
  const progress = createStatusProgress({ db: deps.database.db });
  const actor = requireActor(deps);
  const tenant = requireTenant(deps);
  const id = validate('param', uuidParamSchema);

  // The fixed paths come before /api/projects/:id.
  app.get('/api/projects', actor, tenant, validate('query', projectListQuerySchema), async (c) =>
    c.json(await projects.list(c.get('tenant'), c.req.valid('query'))),
  );
  app.get('/api/projects/active-files', actor, tenant, async (c) => c.json(await projects.activeFiles(c.get('tenant'))));
  app.get('/api/projects/export.csv', actor, tenant, validate('query', projectListQuerySchema), async (c) =>
    csvDownload(c, await projects.exportCsv(c.get('actor'), c.get('tenant'), c.req.valid('query'))),
  );
  app.post('/api/projects', actor, tenant, validate('json', createProjectSchema), async (c) =>
    c.json(await projects.create(c.get('actor'), c.get('tenant'), c.req.valid('json')), 201),
  );
  app.get('/api/projects/:id', actor, tenant, id, async (c) => c.json(await projects.get(c.get('tenant'), c.req.valid('param').id)));
  app.patch('/api/projects/:id', actor, tenant, id, validate('json', updateProjectSchema), async (c) =>
    c.json(await projects.update(c.get('actor'), c.get('tenant'), c.req.valid('param').id, c.req.valid('json'))),
  );
  app.post('/api/projects/:id/status', actor, tenant, id, validate('json', changeProjectStatusSchema), async (c) =>
    c.json(await projects.changeStatus(c.get('actor'), c.get('tenant'), c.req.valid('param').id, c.req.valid('json').statusId)),
  );
  // The claim file's moves forward (decision 042): marked filed with the insurer, the move offered accepted or dismissed.
  app.post('/api/projects/:id/mark-filed', actor, tenant, id, async (c) => {
    await progress.markFiled(c.get('actor'), c.get('tenant'), c.req.valid('param').id);
    return c.json(await projects.get(c.get('tenant'), c.req.valid('param').id));
  });
  app.post('/api/projects/:id/status-suggestion/accept', actor, tenant, id, async (c) => {
    await progress.acceptSuggestion(c.get('actor'), c.get('tenant'), c.req.valid('param').id);
    return c.json(await projects.get(c.get('tenant'), c.req.valid('param').id));
  });
  app.delete('/api/projects/:id/status-suggestion', actor, tenant, id, async (c) => {
    await progress.dismissSuggestion(c.get('tenant'), c.req.valid('param').id);
    return c.json(await projects.get(c.get('tenant'), c.req.valid('param').id));
  });
  app.post('/api/projects/:id/archive', actor, tenant, id, async (c) =>
    c.json(await projects.archive(c.get('actor'), c.get('tenant'), c.req.valid('param').id)),
  );
  app.post('/api/projects/:id/unarchive', actor, tenant, id, async (c) =>
    c.json(await projects.unarchive(c.get('actor'), c.get('tenant'), c.req.valid('param').id)),
  );
  app.get('/api/projects/:id/activity', actor, tenant, id, validate('query', activityQuerySchema), async (c) => {
    const body: ActivityList = { activity: await projects.activity(c.get('tenant'), c.req.valid('param').id, c.req.valid('query').field) };
    return c.json(body);
  });
  app.post('/api/projects/:id/notes', actor, tenant, id, validate('json', addNoteSchema), async (c) =>
    c.json(await projects.addNote(c.get('actor'), c.get('tenant'), c.req.valid('param').id, c.req.valid('json').body), 201),
  );

  app.get('/api/project-statuses', actor, tenant, async (c) => c.json(await statuses.list(c.get('tenant'))));
  app.post('/api/project-statuses', actor, tenant, validate('json', createProjectStatusSchema), async (c) =>
    c.json(await statuses.create(c.get('tenant'), c.req.valid('json')), 201),
  );
  app.post('/api/project-statuses/reorder', actor, tenant, validate('json', reorderProjectStatusesSchema), async (c) =>
    c.json(await statuses.reorder(c.get('tenant'), c.req.valid('json').ids)),
  );
  app.patch('/api/project-statuses/:id', actor, tenant, id, validate('json', updateProjectStatusSchema), async (c) =>
    c.json(await statuses.update(c.get('tenant'), c.req.valid('param').id, c.req.valid('json'))),
  );
  app.delete('/api/project-statuses/:id', actor, tenant, id, async (c) => {
    await statuses.remove(c.get('tenant'), c.req.valid('param').id);
    return c.body(null, 204);
  });

  return app;
}
