import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { uuidParamSchema } from '@ridgeline/shared/contracts/common';
import {
  generateThumbnailsSchema,
  movePhotoSchema,
  photoListQuerySchema,
  saveAnnotationSchema,
  updatePhotoSchema,
  uploadPhotoParamSchema,
  uploadPhotoQuerySchema,
  type PhotoList,
} from '@ridgeline/shared/contracts/photos';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { requireActor, requireTenant } from '../../http/middleware/auth';
import { loadIdentity } from '../../http/middleware/identity';
import { jsonPut } from '../../http/middleware/json-put';
import { keptUpload, readHashedBody } from '../../http/middleware/upload';
import { validate } from '../../http/middleware/validate';
import { AppError } from '../../lib/app-error';
import { THUMBNAIL_JOB, type ThumbnailJob } from './photo-thumbnails';
import { createPhotosService } from './photos.service';

/**
 * Field photos: the raw upload (PUT, the body is the file; idempotent on the photo id and SHA-256),
 * galleries, retag, move, annotation, soft delete and restore, and the thumbnails function.
 */
export function photoRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const photos = createPhotosService({
    db: deps.database.db,
    storage: deps.storage,
    logger: deps.logger,
    queueThumbnails: (job) => deps.jobs.send<ThumbnailJob>(THUMBNAIL_JOB, job),
  });
  const actor = requireActor(deps);
  const tenant = requireTenant(deps);
  const id = validate('param', uuidParamSchema);
  const photoLimit = { maxBytes: deps.config.photoMaxMb * 1024 * 1024, quota: keptUpload(deps.uploadQuota) };
  const uploadRule = { limit: deps.config.photoUploadLimit, windowMs: 60_000 };

  // A signed-in user without a company has no profile to file photos under: the upload queue shows
  // the words 'User profile not found' for this answer.
  const profile = createMiddleware<AppEnv>(async (c, next) => {
    const found = (await loadIdentity(c, deps))?.tenant;
    if (!found) throw new AppError('PROFILE_NOT_FOUND');
    c.set('tenant', found);
    await next();
  });
  // Field capture sends hundreds of photos in minutes after regaining signal: counted per user.
  const uploadLimit = createMiddleware<AppEnv>(async (c, next) => {
    const limit = await deps.limits.take(`photo-upload:${c.get('actor').userId}`, uploadRule);
    if (!limit.allowed) throw AppError.rateLimited(limit.retryAfter, `Too many photo uploads. Please wait ${limit.retryAfter} seconds; the queue will retry.`);
    await next();
  });

  app.put(
    '/api/inspections/:sessionId/photos/:photoId',
    actor,
    profile,
    validate('param', uploadPhotoParamSchema),
    validate('query', uploadPhotoQuerySchema),
    uploadLimit,
    async (c) => {
      const { sessionId, photoId } = c.req.valid('param');
      const body = await readHashedBody(c, photoLimit); // the size limit and the upload quotas too
      const { created, ...result } = await photos.upload(c.get('actor'), c.get('tenant'), sessionId, photoId, c.req.valid('query'), body);
      return c.json(result, created ? 201 : 200);
    },
  );

  app.get('/api/inspections/:id/photos', actor, tenant, id, validate('query', photoListQuerySchema), async (c) => {
    const body: PhotoList = { photos: await photos.listForSession(c.get('tenant'), c.req.valid('param').id, c.req.valid('query')) };
    return c.json(body);
  });
  app.get('/api/projects/:id/photos', actor, tenant, id, validate('query', photoListQuerySchema), async (c) => {
    const body: PhotoList = { photos: await photos.listForProject(c.get('tenant'), c.req.valid('param').id, c.req.valid('query')) };
    return c.json(body);
  });

  app.get('/api/photos/:id', actor, tenant, id, async (c) => c.json(await photos.detail(c.get('tenant'), c.req.valid('param').id)));
  app.patch('/api/photos/:id', actor, tenant, id, validate('json', updatePhotoSchema), async (c) =>
    c.json(await photos.retag(c.get('tenant'), c.req.valid('param').id, c.req.valid('json'))),
  );
  app.post('/api/photos/:id/move', actor, tenant, id, validate('json', movePhotoSchema), async (c) =>
    c.json(await photos.move(c.get('actor'), c.get('tenant'), c.req.valid('param').id, c.req.valid('json'))),
  );
  app.put('/api/photos/:id/annotation', actor, tenant, id, ...jsonPut(), validate('json', saveAnnotationSchema), async (c) =>
    c.json(await photos.saveAnnotation(c.get('tenant'), c.req.valid('param').id, c.req.valid('json').annotation)),
  );
  app.delete('/api/photos/:id', actor, tenant, id, async (c) => {
    await photos.remove(c.get('actor'), c.get('tenant'), c.req.valid('param').id);
    return c.body(null, 204);
  });
  app.post('/api/photos/:id/restore', actor, tenant, id, async (c) => c.json(await photos.restore(c.get('actor'), c.get('tenant'), c.req.valid('param').id)));

  app.post('/api/functions/generate-photo-thumbnails', actor, tenant, validate('json', generateThumbnailsSchema), async (c) =>
    c.json(await photos.regenerateThumbnails(c.get('tenant'), c.req.valid('json'))),
  );

  return app;
}
