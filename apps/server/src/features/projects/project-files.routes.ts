import { Hono } from 'hono';
import { uuidParamSchema } from '@ridgeline/shared/contracts/common';
import { uploadProjectFileQuerySchema, type ProjectFileList } from '@ridgeline/shared/contracts/projects';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { requireActor, requireTenant } from '../../http/middleware/auth';
import { keptUpload, readRawBody } from '../../http/middleware/upload';
import { validate } from '../../http/middleware/validate';
import { createProjectFilesService } from './project-files.service';

/** Files on the projects of the actor's company: list, raw upload (PUT, the body is the file), delete. */
export function projectFileRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const files = createProjectFilesService({ db: deps.database.db, storage: deps.storage, logger: deps.logger });
  const actor = requireActor(deps);
  const tenant = requireTenant(deps);
  const fileLimit = { maxBytes: deps.config.projectFileMaxMb * 1024 * 1024, quota: keptUpload(deps.uploadQuota) };

  app.get('/api/projects/:id/files', actor, tenant, validate('param', uuidParamSchema), async (c) => {
    const body: ProjectFileList = { files: await files.list(c.get('tenant'), c.req.valid('param').id) };
    return c.json(body);
  });

  app.put('/api/projects/:id/files', actor, tenant, validate('param', uuidParamSchema), validate('query', uploadProjectFileQuerySchema), async (c) => {
    const body = await readRawBody(c, fileLimit);
    return c.json(await files.upload(c.get('actor'), c.get('tenant'), c.req.valid('param').id, c.req.valid('query').name, body), 201);
  });

  app.delete('/api/project-files/:id', actor, tenant, validate('param', uuidParamSchema), async (c) => {
    await files.remove(c.get('actor'), c.get('tenant'), c.req.valid('param').id);
    return c.body(null, 204);
  });

  return app;
}
