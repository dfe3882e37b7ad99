import { Hono } from 'hono';
import { buyCreditsSchema, creditEntriesQuerySchema } from '@ridgeline/shared/contracts/billing';
import type { AppEnv } from '../../http/context';
import { csvDownload } from '../../http/csv-download';
import type { AppDeps } from '../../http/deps';
import { requireActor, requireTenant } from '../../http/middleware/auth';
import { validate } from '../../http/middleware/validate';
import { createCreditsService } from './credits.service';

/**
 * Billing routes: the credit ledger and credit packs. Every member reads the balance and the ledger
 * (and exports it); owners and platform admins buy packs, also while the company is read-only.
 */
export function creditsRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const credits = createCreditsService({
    db: deps.database.db,
    payments: deps.payments,
    publicUrl: deps.config.publicUrl,
    readTimeoutMs: deps.config.databaseTimeouts.readMs,
  });
  const actor = requireActor(deps);
  const tenant = requireTenant(deps);
  const entriesQuery = validate('query', creditEntriesQuerySchema);

  app.get('/api/credits', actor, tenant, async (c) => c.json(await credits.summary(c.get('actor'), c.get('tenant'))));
  app.get('/api/credits/entries', actor, tenant, entriesQuery, async (c) => c.json(await credits.entries(c.get('tenant'), c.req.valid('query'))));
  app.get('/api/credits/entries.csv', actor, tenant, entriesQuery, async (c) =>
    csvDownload(c, await credits.exportCsv(c.get('actor'), c.get('tenant'), c.req.valid('query'))),
  );
  app.post('/api/credits/purchase', actor, tenant, validate('json', buyCreditsSchema), async (c) =>
    c.json(await credits.buy(c.get('actor'), c.get('tenant'), c.req.valid('json'))),
  );
  return app;
}
