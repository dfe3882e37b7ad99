import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingOverview, BuyCreditsResult, CheckoutStatus, ChoosePlanResult, CreditSummary } from '@ridgeline/shared/contracts/billing';
import { checkoutSessions } from '../../infra/db/schema/index';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { signedInOwner } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/test-server';

// The whole Stripe path through the product's own endpoints, against the local Stripe: choosing a plan
// and buying credits start a Checkout, the customer pays, and the purchase applies once, whether the
// success page's check or the webhook gets there first. A live subscription changes plan in place.

let fake: FakeStripe;
let server: TestServer;

beforeAll(async () => {
  fake = await startFakeStripe();
  server = await startTestServer(fake.env());
});
afterAll(async () => {
  await server.stop();
  await fake.stop();
});

describe('payments through Stripe', () => {
  it('a trial company chooses a plan: Checkout, paid, confirmed by the success page from the server, active at once', async () => {
    const owner = await signedInOwner(server, { name: 'Checkout Roofing' });
    const chosen = await owner.client.post<ChoosePlanResult>('/api/billing/plan', { plan: 'business' });
    expect(chosen.status, chosen.text).toBe(200);
    expect(chosen.body).toMatchObject({
      outcome: 'checkout',
      checkoutUrl: expect.stringContaining('/checkout/pay/'),
      billing: { status: 'trialing', mode: 'stripe' },
    });
    const [started] = await server.db.select().from(checkoutSessions).where(eq(checkoutSessions.companyId, owner.company.id));
    expect(started).toMatchObject({ kind: 'plan', plan: 'business', status: 'open', testMode: false });
    const sessionId = started?.id ?? '';

    // Not paid yet: the success page keeps waiting.
    expect((await owner.client.get<CheckoutStatus>(`/api/billing/checkouts/${sessionId}`)).body).toMatchObject({ status: 'open' });

    fake.completeCheckout(sessionId);
    const confirmed = await owner.client.get<CheckoutStatus>(`/api/billing/checkouts/${sessionId}`);
    expect(confirmed.body).toMatchObject({ id: sessionId, kind: 'plan', status: 'complete', plan: 'business', testMode: false });
    const billing = await owner.client.get<BillingOverview>('/api/billing');
    expect(billing.body).toMatchObject({ status: 'active', plan: 'business', effectivePlan: 'business', readOnly: false, hasPaymentMethod: true });

    // The webhook arriving afterwards changes nothing more.
    const late = await fake.sendWebhook(server.url, fake.event('checkout.session.completed', fake.completeCheckout(sessionId)));
    expect(late.status).toBe(200);
    expect((await owner.client.get<BillingOverview>('/api/billing')).body).toMatchObject({ status: 'active', plan: 'business' });

    // With a live subscription, an upgrade applies in place and a downgrade waits for the period's end.
    const upgraded = await owner.client.post<ChoosePlanResult>('/api/billing/plan', { plan: 'enterprise' });
    expect(upgraded.body).toMatchObject({ outcome: 'applied', billing: { plan: 'enterprise' } });
    const downgraded = await owner.client.post<ChoosePlanResult>('/api/billing/plan', { plan: 'starter' });
    expect(downgraded.body).toMatchObject({ outcome: 'scheduled', billing: { plan: 'enterprise', pendingPlan: 'starter' } });

    // The portal opens for the Stripe customer, coming back to /payments.
    const portal = await owner.client.post<{ url: string }>('/api/billing/portal', {});
    expect(portal.status, portal.text).toBe(200);
    expect(portal.body.url).toEqual(expect.any(String));
  });

  it('an owner buys credits: Checkout, paid, credited once by the webhook however often it comes', async () => {
    const owner = await signedInOwner(server, { name: 'Credits Roofing' });
    const bought = await owner.client.post<BuyCreditsResult>('/api/credits/purchase', { pack: 'pack_10' });
    expect(bought.status, bought.text).toBe(200);
    expect(bought.body).toMatchObject({ outcome: 'checkout', checkoutUrl: expect.stringContaining('/checkout/pay/'), balance: 0 });

    const paid = fake.completeCheckout(bought.body.checkoutId);
    const event = fake.event('checkout.session.completed', paid);
    expect((await fake.sendWebhook(server.url, event)).status).toBe(200);
    expect((await fake.sendWebhook(server.url, event)).status).toBe(200);
    expect((await fake.sendWebhook(server.url, fake.event('checkout.session.completed', paid))).status).toBe(200);

    expect((await owner.client.get<CreditSummary>('/api/credits')).body.balance).toBe(10);
    expect((await owner.client.get<CheckoutStatus>(`/api/billing/checkouts/${bought.body.checkoutId}`)).body).toMatchObject({
      kind: 'credits',
      status: 'complete',
      credits: 10,
    });
  });

  it("accepts a signed event whatever its text holds: Stripe's payload is not refused for a control character", async () => {
    const odd = fake.event('product.updated', { id: 'prod_odd', object: 'product', name: 'Bell\u0007 and tab\u0001' });
    const delivered = await fake.sendWebhook(server.url, odd);
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
  });
});
