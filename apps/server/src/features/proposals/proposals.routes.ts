import { Hono } from 'hono';
import { uuidParamSchema } from '@ridgeline/shared/contracts/common';
import { createProposalSchema, proposalListQuerySchema, updateProposalSchema } from '@ridgeline/shared/contracts/documents';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { requireActor, requireTenant } from '../../http/middleware/auth';
import { jsonPut } from '../../http/middleware/json-put';
import { validate } from '../../http/middleware/validate';
import { createProposalsService } from './proposals.service';

/** Proposals for the homeowner built from an estimate. Every member makes them; who changes one is proposals.policy.ts's. */
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
  app.put('/api/proposals/:id', actor, tenant, id, ...jsonPut(), validate('json', updateProposalSchema), async (c) =>
    c.json({ proposal: await proposals.update(c.get('actor'), c.get('tenant'), c.req.valid('param').id, c.req.valid('json')) }),
  );
  // The PDF is drawn by the background job; the answer names its report, which the page follows.
  app.post('/api/proposals/:id/pdf', actor, tenant, id, async (c) =>
    c.json({ proposal: await proposals.renderPdf(c.get('actor'), c.get('tenant'), c.req.valid('param').id) }, 202),
  );
  return app;
}
