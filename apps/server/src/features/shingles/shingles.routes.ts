import { Hono } from 'hono';
import { uuidParamSchema } from '@ridgeline/shared/contracts/common';
import {
  catalogEntryIdParamSchema,
  catalogEntryInputSchema,
  saveIdentificationSchema,
  shingleHistoryQuerySchema,
  shinglePhotoParamSchema,
  shinglePhotoQuerySchema,
} from '@ridgeline/shared/contracts/shingles';
import type { AppEnv } from '../../http/context';
import { csvDownload } from '../../http/csv-download';
import type { AppDeps } from '../../http/deps';
import { requireActor, requirePlatformAdmin, requireTenant } from '../../http/middleware/auth';
import { jsonPut } from '../../http/middleware/json-put';
import { keptUpload, readRawBody, type RawBodyLimit } from '../../http/middleware/upload';
import { validate } from '../../http/middleware/validate';
import { createShingleVisionService } from './shingle-vision.service';
import { createShinglesService } from './shingles.service';

/**
 * Shingle identification: the catalog (cached on the phone), saved identifications, the company's own
 * products, the admins' catalog edits, and (with the assistant's AI provider) suggestions from a photo.
 */
export function shingleRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const shingles = createShinglesService({ db: deps.database.db, storage: deps.storage });
  const vision = createShingleVisionService({ db: deps.database.db, provider: deps.chatProvider, defaultDailyLimit: deps.config.assistant.dailyLimit });
  const actor = requireActor(deps);
  const tenant = requireTenant(deps);
  const admin = requirePlatformAdmin('Only platform admins can change the shared shingle catalog.');
  const uuid = validate('param', uuidParamSchema);
  const entryId = validate('param', catalogEntryIdParamSchema);
  const entryInput = validate('json', catalogEntryInputSchema);

  app.get('/api/shingles/catalog', actor, tenant, async (c) => c.json(await shingles.catalog(c.get('tenant'))));
  app.get('/api/shingles/identifications', actor, tenant, validate('query', shingleHistoryQuerySchema), async (c) =>
    c.json(await shingles.history(c.get('tenant'), c.req.valid('query'))),
  );
  app.get('/api/shingles/identifications.csv', actor, tenant, validate('query', shingleHistoryQuerySchema), async (c) =>
    csvDownload(c, { fileName: 'shingle-identifications.csv', body: await shingles.historyCsv(c.get('tenant'), c.req.valid('query')) }),
  );
  app.post('/api/shingles/identifications', actor, tenant, validate('json', saveIdentificationSchema), async (c) => {
    const { identification, created } = await shingles.save(c.get('actor'), c.get('tenant'), c.req.valid('json'));
    return c.json(identification, created ? 201 : 200);
  });
  const photoLimit: RawBodyLimit = { maxBytes: deps.config.photoMaxMb * 1024 * 1024, quota: keptUpload(deps.uploadQuota) };
  // The photo for suggestions is read and let go: it spends the hourly budgets, not the storage total.
  const visionLimit: RawBodyLimit = { ...photoLimit, quota: { store: deps.uploadQuota, budget: 'files', kept: false } };
  app.put(
    '/api/shingles/identifications/:id/photos/:photoId',
    actor,
    tenant,
    validate('param', shinglePhotoParamSchema),
    validate('query', shinglePhotoQuerySchema),
    async (c) => {
      const { id, photoId } = c.req.valid('param');
      const body = await readRawBody(c, photoLimit);
      const { created, photo } = await shingles.uploadPhoto(c.get('actor'), c.get('tenant'), id, photoId, c.req.valid('query'), body);
      return c.json({ photo }, created ? 201 : 200);
    },
  );
  app.get('/api/shingles/vision', actor, tenant, async (c) => c.json(await vision.status(c.get('tenant'))));
  // The body is the photo (a raw POST: write-guard.ts RAW_POST_PATHS), with the shingle photo's size limit.
  app.post('/api/shingles/vision-suggestions', actor, tenant, async (c) => {
    const body = await readRawBody(c, visionLimit);
    return c.json(await vision.suggest(c.get('actor'), c.get('tenant'), body, c.req.raw.signal));
  });
  app.get('/api/shingles/identifications/:id', actor, tenant, uuid, async (c) => c.json(await shingles.detail(c.get('tenant'), c.req.valid('param').id)));
  app.get('/api/projects/:id/shingle-identifications', actor, tenant, uuid, async (c) =>
    c.json(await shingles.forProject(c.get('tenant'), c.req.valid('param').id)),
  );
  app.post('/api/shingles/local-products', actor, tenant, entryInput, async (c) =>
    c.json(await shingles.addLocalProduct(c.get('actor'), c.get('tenant'), c.req.valid('json')), 201),
  );
  app.put('/api/shingles/local-products/:id', actor, tenant, entryId, ...jsonPut(), entryInput, async (c) =>
    c.json(await shingles.replaceLocalProduct(c.get('actor'), c.get('tenant'), c.req.valid('param').id, c.req.valid('json'))),
  );
  app.delete('/api/shingles/local-products/:id', actor, tenant, entryId, async (c) => {
    await shingles.retireLocalProduct(c.get('actor'), c.get('tenant'), c.req.valid('param').id);
    return c.body(null, 204);
  });

  app.post('/api/admin/shingle-catalog', actor, admin, entryInput, async (c) =>
    c.json(await shingles.addCatalogEntry(c.get('actor'), c.req.valid('json')), 201),
  );
  app.put('/api/admin/shingle-catalog/:id', actor, admin, entryId, ...jsonPut(), entryInput, async (c) =>
    c.json(await shingles.replaceCatalogEntry(c.get('actor'), c.req.valid('param').id, c.req.valid('json'))),
  );
  app.post('/api/admin/shingle-catalog/:id/retire', actor, admin, entryId, async (c) => {
    await shingles.retireCatalog(c.get('actor'), c.req.valid('param').id);
    return c.body(null, 204);
  });
  return app;
}
