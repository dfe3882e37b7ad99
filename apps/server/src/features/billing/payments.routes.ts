import { Hono } from 'hono';
import { checkoutIdParamSchema, type CheckoutStatus } from '@ridgeline/shared/contracts/billing';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { requireActor, requireTenant } from '../../http/middleware/auth';
import { validate } from '../../http/middleware/validate';
import { createPaymentsService } from './payments.service';
import { createWebhookService } from './webhook.service';

/** A checkout's id: Stripe's `cs_...` (longer than the product's own ids) or a test-mode `test_<uuid>`. */

/** Billing routes: Stripe's webhook, a Checkout's state, the customer portal and invoices. */
export function paymentsRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const payments = createPaymentsService({ db: deps.database.db, payments: deps.payments, publicUrl: deps.config.publicUrl, logger: deps.logger });
  const webhook = createWebhookService({
    db: deps.database.db,
    payments: deps.payments,
    queueMail: deps.queueMail,
    publicUrl: deps.config.publicUrl,
    logger: deps.logger,
  });
  const actor = requireActor(deps);
  const tenant = requireTenant(deps);

  // Stripe's servers call this: no session, no Origin; the Stripe-Signature header over the raw body
  // is the proof, and a wrong one answers 400 with nothing changed.
  app.post('/api/billing/webhook', async (c) => {
    const result = await webhook.receive(await c.req.text(), c.req.header('stripe-signature'));
    return c.json({ received: true, applied: result.applied });
  });

  app.get('/api/billing/checkouts/:id', actor, tenant, validate('param', checkoutIdParamSchema), async (c) => {
    const body: CheckoutStatus = await payments.checkoutStatus(c.get('tenant'), c.req.valid('param').id);
    return c.json(body);
  });

  app.post('/api/billing/portal', actor, tenant, async (c) => c.json(await payments.openPortal(c.get('actor'), c.get('tenant'))));

  app.get('/api/billing/invoices', actor, tenant, async (c) => c.json({ invoices: await payments.invoices(c.get('tenant')) }));

  return app;
}
