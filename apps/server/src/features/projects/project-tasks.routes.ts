import { Hono } from 'hono';
import { uuidParamSchema } from '@ridgeline/shared/contracts/common';
import { createTaskSchema, updateTaskSchema, type TaskList } from '@ridgeline/shared/contracts/projects';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { requireActor, requireTenant } from '../../http/middleware/auth';
import { validate } from '../../http/middleware/validate';
import { createProjectTasksService } from './project-tasks.service';

/** Tasks on the projects of the actor's company, and the actor's own open tasks across them. */
export function projectTaskRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const tasks = createProjectTasksService({ db: deps.database.db });
  const actor = requireActor(deps);
  const tenant = requireTenant(deps);

  app.get('/api/tasks/mine', actor, tenant, async (c) => {
    const body: TaskList = { tasks: await tasks.listMine(c.get('actor'), c.get('tenant')) };
    return c.json(body);
  });

  app.get('/api/projects/:id/tasks', actor, tenant, validate('param', uuidParamSchema), async (c) => {
    const body: TaskList = { tasks: await tasks.listForProject(c.get('tenant'), c.req.valid('param').id) };
    return c.json(body);
  });

  app.post('/api/projects/:id/tasks', actor, tenant, validate('param', uuidParamSchema), validate('json', createTaskSchema), async (c) =>
    c.json(await tasks.create(c.get('actor'), c.get('tenant'), c.req.valid('param').id, c.req.valid('json')), 201),
  );

  app.patch('/api/tasks/:id', actor, tenant, validate('param', uuidParamSchema), validate('json', updateTaskSchema), async (c) =>
    c.json(await tasks.update(c.get('actor'), c.get('tenant'), c.req.valid('param').id, c.req.valid('json'))),
  );

  app.delete('/api/tasks/:id', actor, tenant, validate('param', uuidParamSchema), async (c) => {
    await tasks.remove(c.get('actor'), c.get('tenant'), c.req.valid('param').id);
    return c.body(null, 204);
  });

  return app;
}
