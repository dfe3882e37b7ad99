import { Hono } from 'hono';
import { uuidParamSchema } from '@ridgeline/shared/contracts/common';
import { createShareLinkSchema, emailShareLinkSchema, shareLinkListQuerySchema } from '@ridgeline/shared/contracts/documents';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { requireActor, requireTenant } from '../../http/middleware/auth';
import { validate } from '../../http/middleware/validate';
import { createShareLinksService } from './share-links.service';

/** Share links of a claim file's documents: create, list, revoke, view log, send by email. Every member makes and sends them; who revokes is sharing.policy.ts's. */
export function shareLinkRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const links = createShareLinksService({
    db: deps.database.db,
    secret: deps.storageSecret,
    publicUrl: deps.config.publicUrl,
    queueMail: deps.queueMail,
    limits: deps.limits,
    events: deps.events,
  });
  const actor = requireActor(deps);
  const tenant = requireTenant(deps);
  const id = validate('param', uuidParamSchema);

  app.get('/api/share-links', actor, tenant, validate('query', shareLinkListQuerySchema), async (c) =>
    c.json({ links: await links.list(c.get('tenant'), c.req.valid('query').projectId) }),
  );
  app.post('/api/share-links', actor, tenant, validate('json', createShareLinkSchema), async (c) =>
    c.json({ link: await links.create(c.get('actor'), c.get('tenant'), c.req.valid('json')) }, 201),
  );
  app.post('/api/share-links/:id/revoke', actor, tenant, id, async (c) =>
    c.json({ link: await links.revoke(c.get('actor'), c.get('tenant'), c.req.valid('param').id) }),
  );
  app.post('/api/share-links/:id/email', actor, tenant, id, validate('json', emailShareLinkSchema), async (c) =>
    c.json({ link: await links.email(c.get('actor'), c.get('tenant'), c.req.valid('param').id, c.req.valid('json')) }),
  );
  app.get('/api/share-links/:id/views', actor, tenant, id, async (c) => c.json({ views: await links.views(c.get('tenant'), c.req.valid('param').id) }));
  return app;
}
