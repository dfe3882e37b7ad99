import { Hono } from 'hono';
import { z } from 'zod';
import type { Notification, NotificationsResponse } from '@ridgeline/shared/contracts/chat';
import { DATE_MAX, DATE_MIN, dateTime, uuidParamSchema } from '@ridgeline/shared/contracts/common';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { requireActor, requireTenant } from '../../http/middleware/auth';
import { validate } from '../../http/middleware/validate';
import { createInboxService, INBOX_MAX_PAGE_SIZE } from './inbox.service';

/** GET /api/notifications's query: a page size up to 100, and where the page starts (a notification's id, or an ISO instant). */
const inboxQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(INBOX_MAX_PAGE_SIZE).optional(),
  before: z.union([z.uuid(), dateTime()], { error: `before must be a notification id or an ISO date and time from ${DATE_MIN} to ${DATE_MAX}` }).optional(),
});

/** The inbox: the signed-in user's own notifications, read a page at a time and marked read one by one or all at once. */
export function inboxRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const inbox = createInboxService({ db: deps.database.db });
  const actor = requireActor(deps);
  const tenant = requireTenant(deps);

  app.get('/api/notifications', actor, tenant, validate('query', inboxQuerySchema), async (c) => {
    const body: NotificationsResponse = await inbox.list(c.get('actor'), c.get('tenant'), c.req.valid('query'));
    return c.json(body);
  });
  app.post('/api/notifications/read-all', actor, tenant, async (c) => c.json(await inbox.markAllRead(c.get('actor'), c.get('tenant'))));
  app.post('/api/notifications/:id/read', actor, tenant, validate('param', uuidParamSchema), async (c) => {
    const body: Notification = await inbox.markRead(c.get('actor'), c.get('tenant'), c.req.valid('param').id);
    return c.json(body);
  });
  return app;
}
