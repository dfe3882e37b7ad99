import { Hono } from 'hono';
import { z } from 'zod';
import { uuidParamSchema } from '@ridgeline/shared/contracts/common';
import {
  createPacketSchema,
  createReportSchema,
  renderReportSchema,
  reportListQuerySchema,
  reportSourceSchema,
  saveCoverLetterTemplateSchema,
  saveReportSchema,
  type PacketDefaults,
  type ReportListResponse,
  type ShotReadiness,
} from '@ridgeline/shared/contracts/documents';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { requireActor, requireTenant } from '../../http/middleware/auth';
import { jsonPut } from '../../http/middleware/json-put';
import { validate } from '../../http/middleware/validate';
import { RENDER_DOCUMENT_JOB, type RenderDocumentJob } from '../../infra/pdf/render-job';
import { createReportsService } from './reports.service';

const projectQuerySchema = z.object({ projectId: z.uuid() });

/** Photo reports, the editor's drafts, claim packets: create, list, save, render, download. */
export function reportRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const reports = createReportsService({
    db: deps.database.db,
    storage: deps.storage,
    queueRender: async (job) => {
      await deps.jobs.send<RenderDocumentJob>(RENDER_DOCUMENT_JOB, job);
    },
  });
  const actor = requireActor(deps);
  const tenant = requireTenant(deps);
  const id = validate('param', uuidParamSchema);
  const putJson = jsonPut();

  app.get('/api/reports', actor, tenant, validate('query', reportListQuerySchema), async (c) => {
    const body: ReportListResponse = await reports.list(c.get('tenant'), c.req.valid('query'));
    return c.json(body);
  });
  app.get('/api/reports/readiness', actor, tenant, validate('query', reportSourceSchema), async (c) => {
    const body: ShotReadiness = await reports.readiness(c.get('tenant'), c.req.valid('query'));
    return c.json(body);
  });
  app.get('/api/reports/packet-defaults', actor, tenant, validate('query', projectQuerySchema), async (c) => {
    const body: PacketDefaults = await reports.packetDefaults(c.get('actor'), c.get('tenant'), c.req.valid('query').projectId);
    return c.json(body);
  });
  app.put('/api/reports/cover-letter-template', actor, tenant, ...putJson, validate('json', saveCoverLetterTemplateSchema), async (c) => {
    await reports.saveCoverLetterTemplate(c.get('tenant'), c.req.valid('json').template);
    return c.body(null, 204);
  });
  app.post('/api/reports', actor, tenant, validate('json', createReportSchema), async (c) =>
    c.json({ report: await reports.create(c.get('actor'), c.get('tenant'), c.req.valid('json')) }, 201),
  );
  app.post('/api/reports/packet', actor, tenant, validate('json', createPacketSchema), async (c) =>
    c.json({ report: await reports.createPacket(c.get('actor'), c.get('tenant'), c.req.valid('json')) }, 201),
  );
  app.get('/api/reports/:id', actor, tenant, id, async (c) => c.json({ report: await reports.get(c.get('tenant'), c.req.valid('param').id) }));
  app.put('/api/reports/:id', actor, tenant, id, ...putJson, validate('json', saveReportSchema), async (c) =>
    c.json({ report: await reports.save(c.get('actor'), c.get('tenant'), c.req.valid('param').id, c.req.valid('json')) }),
  );
  app.post('/api/reports/:id/render', actor, tenant, id, validate('json', renderReportSchema), async (c) =>
    c.json({ report: await reports.render(c.get('actor'), c.get('tenant'), c.req.valid('param').id, c.req.valid('json')) }),
  );
  app.get('/api/reports/:id/file', actor, tenant, id, async (c) => {
    const file = await reports.file(c.get('tenant'), c.req.valid('param').id);
    return c.body(new Uint8Array(file.body), 200, {
      'Content-Type': 'application/pdf',
      'Content-Length': String(file.body.length),
      'Content-Disposition': `attachment; filename="${file.fileName}"`,
      'Cache-Control': 'private, no-store',
    });
  });
  app.delete('/api/reports/:id', actor, tenant, id, async (c) => {
    await reports.remove(c.get('tenant'), c.req.valid('param').id);
    return c.body(null, 204);
  });

  return app;
}
