import { Hono } from 'hono';
import { uuidParamSchema } from '@ridgeline/shared/contracts/common';
import {
  createEstimateSchema,
  createMeasurementSchema,
  estimateListQuerySchema,
  measurementListQuerySchema,
  measurementReportQuerySchema,
  priceListSchema,
  updateEstimateSchema,
  updateMeasurementSchema,
} from '@ridgeline/shared/contracts/estimating';
import type { AppEnv } from '../../http/context';
import { csvDownload } from '../../http/csv-download';
import type { AppDeps } from '../../http/deps';
import { requireActor, requireTenant } from '../../http/middleware/auth';
import { jsonPut, mediaType } from '../../http/middleware/json-put';
import { keptUpload, readRawBody } from '../../http/middleware/upload';
import { validate } from '../../http/middleware/validate';
import { createEstimatesService } from './estimates.service';
import { createMeasurementsService } from './measurements.service';
import { createPriceListService } from './price-list.service';

/** A measurement report (PDF or XML) is at most 25 MB. */
export const MAX_REPORT_BYTES = 25 * 1024 * 1024;

/**
 * Roof measurements (with their report files), the company's price list and estimates with their
 * versions. Every member of the company works on them; the price list is changed by owners and managers.
 */
export function estimatingRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const db = deps.database.db;
  const measurements = createMeasurementsService({ db, storage: deps.storage, logger: deps.logger });
  const estimates = createEstimatesService({ db });
  const priceList = createPriceListService({ db });
  const actor = requireActor(deps);
  const tenant = requireTenant(deps);
  const id = validate('param', uuidParamSchema);
  const putJson = jsonPut();
  const reportLimit = { maxBytes: MAX_REPORT_BYTES, quota: keptUpload(deps.uploadQuota) };

  // ------------------------------------------------------------ measurements
  app.get('/api/measurements', actor, tenant, validate('query', measurementListQuerySchema), async (c) =>
    c.json({ measurements: await measurements.list(c.get('tenant'), c.req.valid('query')) }),
  );
  app.post('/api/measurements', actor, tenant, validate('json', createMeasurementSchema), async (c) =>
    c.json(await measurements.create(c.get('actor'), c.get('tenant'), c.req.valid('json')), 201),
  );
  app.get('/api/measurements/:id', actor, tenant, id, async (c) => c.json(await measurements.get(c.get('tenant'), c.req.valid('param').id)));
  app.put('/api/measurements/:id', actor, tenant, id, ...putJson, validate('json', updateMeasurementSchema), async (c) =>
    c.json(await measurements.update(c.get('tenant'), c.req.valid('param').id, c.req.valid('json'))),
  );
  app.delete('/api/measurements/:id', actor, tenant, id, async (c) => {
    await measurements.remove(c.get('tenant'), c.req.valid('param').id);
    return c.body(null, 204);
  });
  // The report's raw bytes; its Content-Type says PDF or XML and the bytes must agree.
  app.put('/api/measurements/:id/report', actor, tenant, id, validate('query', measurementReportQuerySchema), async (c) => {
    const contentType = mediaType(c.req.header('content-type'));
    const body = await readRawBody(c, reportLimit);
    return c.json(await measurements.attachReport(c.get('tenant'), c.req.valid('param').id, { fileName: c.req.valid('query').fileName, contentType, body }));
  });
  app.delete('/api/measurements/:id/report', actor, tenant, id, async (c) => c.json(await measurements.removeReport(c.get('tenant'), c.req.valid('param').id)));

  // ------------------------------------------------------------ price list
  app.get('/api/price-list', actor, tenant, async (c) => c.json(await priceList.get(c.get('tenant'))));
  app.put('/api/price-list', actor, tenant, ...putJson, validate('json', priceListSchema), async (c) =>
    c.json(await priceList.replace(c.get('tenant'), c.req.valid('json'))),
  );

  // ------------------------------------------------------------ estimates
  app.get('/api/estimates', actor, tenant, validate('query', estimateListQuerySchema), async (c) =>
    c.json({ estimates: await estimates.list(c.get('tenant'), c.req.valid('query')) }),
  );
  app.post('/api/estimates', actor, tenant, validate('json', createEstimateSchema), async (c) =>
    c.json(await estimates.create(c.get('actor'), c.get('tenant'), c.req.valid('json')), 201),
  );
  app.get('/api/estimates/:id', actor, tenant, id, async (c) => c.json(await estimates.get(c.get('tenant'), c.req.valid('param').id)));
  app.get('/api/estimates/:id/export.csv', actor, tenant, id, async (c) => csvDownload(c, await estimates.exportCsv(c.get('tenant'), c.req.valid('param').id)));
  app.put('/api/estimates/:id', actor, tenant, id, ...putJson, validate('json', updateEstimateSchema), async (c) =>
    c.json(await estimates.update(c.get('tenant'), c.req.valid('param').id, c.req.valid('json'))),
  );

  return app;
}
