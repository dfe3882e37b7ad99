import { Hono } from 'hono';
import { uuidParamSchema } from '@ridgeline/shared/contracts/common';
import { createLedgerEntrySchema } from '@ridgeline/shared/contracts/ledger';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { requireActor, requireTenant } from '../../http/middleware/auth';
import { validate } from '../../http/middleware/validate';
import { createLedgerService } from './ledger.service';

/** A claim file's money ledger: everyone in the company reads it; owners and managers add entries. */
export function ledgerRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const ledger = createLedgerService({ db: deps.database.db, events: deps.events });
  const actor = requireActor(deps);
  const tenant = requireTenant(deps);
  const id = validate('param', uuidParamSchema);

  app.get('/api/projects/:id/ledger', actor, tenant, id, async (c) => c.json(await ledger.read(c.get('tenant'), c.req.valid('param').id)));
  app.post('/api/projects/:id/ledger/entries', actor, tenant, id, validate('json', createLedgerEntrySchema), async (c) =>
    c.json(await ledger.append(c.get('actor'), c.get('tenant'), c.req.valid('param').id, c.req.valid('json')), 201),
  );
  return app;
}
