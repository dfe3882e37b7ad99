import { Hono } from 'hono';
import { pushSubscriptionSchema, pushUnsubscribeSchema, sendChatPushSchema } from '@ridgeline/shared/contracts/chat';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { requireActor, requireTenant } from '../../http/middleware/auth';
import { validate } from '../../http/middleware/validate';
import { createPushService } from './push.service';

/** Web push: the server's public key, the device subscriptions of the signed-in user, and the chat push. */
export function pushRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const push = createPushService({
    db: deps.database.db,
    logger: deps.logger,
    vapidSubject: deps.config.vapidSubject,
    endpoints: deps.config.pushEndpoints,
  });
  const actor = requireActor(deps);
  const tenant = requireTenant(deps);

  app.get('/api/functions/webpush-public-key', actor, async (c) => c.json({ publicKey: await push.publicKey() }));

  // A subscription carries only the company's chat: registering one takes a company, so someone
  // removed from theirs is refused (403 NO_COMPANY).
  app.post('/api/push/subscriptions', actor, tenant, validate('json', pushSubscriptionSchema), async (c) => {
    await push.subscribe(c.get('actor'), c.req.valid('json'));
    return c.body(null, 204);
  });

  app.delete('/api/push/subscriptions', actor, validate('json', pushUnsubscribeSchema), async (c) => {
    await push.unsubscribe(c.get('actor'), c.req.valid('json').endpoint);
    return c.body(null, 204);
  });

  // The spec's call, answered for browsers of an earlier release: the server pushed the message when it was stored.
  app.post('/api/functions/send-chat-push', actor, tenant, validate('json', sendChatPushSchema), async (c) =>
    c.json({ queued: await push.chatPushTargets(c.get('actor'), c.get('tenant'), c.req.valid('json')) }, 202),
  );

  return app;
}
