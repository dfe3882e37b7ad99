import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { uuidParamSchema } from '@ridgeline/shared/contracts/common';
import { createProposalSchema, proposalListQuerySchema, updateProposalSchema } from '@ridgeline/shared/contracts/documents';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { requireActor, requireTenant } from '../../http/middleware/auth';
import { limitBody } from '../../http/middleware/upload';
import { validate } from '../../http/middleware/validate';
import { AppError } from '../../lib/app-error';
import { createProposalsService } from './proposals.service';

/** JSON bodies of the PUT route: the same 1 MB as every other JSON body. */
const MAX_JSON_BYTES = 1024 * 1024;

/**
 * A PUT that replaces a resource with JSON takes JSON only (the write guard leaves PUT bodies to
 * their routes, as raw uploads are PUTs): any other body is 415, like a POST's.
 */
const jsonOnly = createMiddleware<AppEnv>(async (c, next) => {
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type !== 'application/json') throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as JSON (Content-Type: application/json).');
  await next();
});

/** Proposals for the homeowner built from an estimate. Every member of the company works on them. */
export function proposalRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const proposals = createProposalsService({ db: deps.database.db, storage: deps.storage, jobs: deps.jobs });
  const actor = requireActor(deps);
  const tenant = requireTenant(deps);
  const id = validate('param', uuidParamSchema);

  app.get('/api/proposals', actor, tenant, validate('query', proposalListQuerySchema), async (c) =>
    c.json({ proposals: await proposals.list(c.get('tenant'), c.req.valid('query').projectId) }),
  );
  app.post('/api/proposals', actor, tenant, validate('json', createProposalSchema), async (c) =>
    c.json({ proposal: await proposals.create(c.get('actor'), c.get('tenant'), c.req.valid('json')) }, 201),
  );
  app.get('/api/proposals/:id', actor, tenant, id, async (c) => c.json({ proposal: await proposals.get(c.get('tenant'), c.req.valid('param').id) }));
  app.put('/api/proposals/:id', actor, tenant, id, jsonOnly, limitBody(MAX_JSON_BYTES), validate('json', updateProposalSchema), async (c) =>
    c.json({ proposal: await proposals.update(c.get('tenant'), c.req.valid('param').id, c.req.valid('json')) }),
  );
  // The PDF is drawn by the background job; the answer names its report, which the page follows.
  app.post('/api/proposals/:id/pdf', actor, tenant, id, async (c) =>
    c.json({ proposal: await proposals.renderPdf(c.get('actor'), c.get('tenant'), c.req.valid('param').id) }, 202),
  );
  return app;
}
