import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_STRIPE_KEY, FAKE_WEBHOOK_SECRET, startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import type { PaymentsGateway } from './gateway';
import { createStripeGateway } from './stripe-gateway';

// The adapter against the local Stripe: what it sends (inline prices, metadata, proration) and how it
// reads Stripe's objects back into the port's snapshots.

let fake: FakeStripe;
let gateway: PaymentsGateway;

beforeAll(async () => {
  fake = await startFakeStripe();
  gateway = createStripeGateway({ secretKey: FAKE_STRIPE_KEY, webhookSecret: FAKE_WEBHOOK_SECRET, apiBase: fake.url });
});
afterAll(() => fake.stop());

const lastRequest = (method: string, path: string) => {
  const found = fake.requests.filter((request) => request.method === method && request.path === path).at(-1);
  if (!found) throw new Error(`no ${method} ${path} reached the fake Stripe`);
  return found;
};

describe('the Stripe adapter', () => {
  it('starts a plan Checkout with an inline monthly price and the metadata on the session and its subscription', async () => {
    const started = await gateway.startCheckout({
      mode: 'subscription',
      customerId: null,
      customerEmail: 'owner@example.com',
      line: { name: 'Ridgeline Professional', description: 'Up to 25 active files', amountCents: 39_900, recurring: true },
      metadata: { companyId: 'c-1', kind: 'plan', plan: 'professional' },
      successUrl: 'http://app.test/payment-success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://app.test/pricing',
    });
    expect(started.id).toMatch(/^cs_test_/);
    expect(started.url).toBe(`${fake.url}/checkout/pay/${started.id}`);
    const sent = lastRequest('POST', '/v1/checkout/sessions').body;
    expect(sent).toMatchObject({
      mode: 'subscription',
      customer_email: 'owner@example.com',
      line_items: {
        '0': {
          quantity: '1',
          price_data: {
            currency: 'usd',
            unit_amount: '39900',
            recurring: { interval: 'month' },
            product_data: { name: 'Ridgeline Professional', description: 'Up to 25 active files' },
          },
        },
      },
      metadata: { companyId: 'c-1', kind: 'plan', plan: 'professional' },
      subscription_data: { metadata: { companyId: 'c-1', kind: 'plan', plan: 'professional' } },
      success_url: 'http://app.test/payment-success?session_id={CHECKOUT_SESSION_ID}',
    });
    expect(sent).not.toHaveProperty('customer');
  });

  it('starts a credit pack Checkout as a one-time payment that makes a customer, or reuses the company customer', async () => {
    await gateway.startCheckout({
      mode: 'payment',
      customerId: null,
      customerEmail: 'owner@example.com',
      line: { name: '10 credits', description: 'Service order credits', amountCents: 24_000, recurring: false },
      metadata: { companyId: 'c-1', kind: 'credits', pack: 'pack_10' },
      successUrl: 'http://app.test/credits-success',
      cancelUrl: 'http://app.test/credits',
    });
    const first = lastRequest('POST', '/v1/checkout/sessions').body;
    expect(first).toMatchObject({ mode: 'payment', customer_creation: 'always', payment_intent_data: { metadata: { kind: 'credits' } } });
    expect(objectAt(objectAt(objectAt(first.line_items)['0']).price_data)).not.toHaveProperty('recurring');

    await gateway.startCheckout({
      mode: 'payment',
      customerId: 'cus_known',
      customerEmail: 'owner@example.com',
      line: { name: '5 credits', description: 'Service order credits', amountCents: 12_500, recurring: false },
      metadata: { companyId: 'c-1', kind: 'credits', pack: 'pack_5' },
      successUrl: 'http://app.test/credits-success',
      cancelUrl: 'http://app.test/credits',
    });
    const second = lastRequest('POST', '/v1/checkout/sessions').body;
    expect(second).toMatchObject({ customer: 'cus_known' });
    expect(second).not.toHaveProperty('customer_email');
    expect(second).not.toHaveProperty('customer_creation');
  });

  it('reads a Checkout back: open and unpaid, complete and paid with its customer and subscription, or expired', async () => {
    const session = fake.createSession({ mode: 'subscription', amountCents: 19_900, metadata: { kind: 'plan' } });
    expect(await gateway.retrieveCheckout(session.id)).toEqual({
      id: session.id,
      status: 'open',
      paid: false,
      customerId: null,
      subscriptionId: null,
      metadata: { kind: 'plan' },
    });
    fake.completeCheckout(session.id);
    const done = await gateway.retrieveCheckout(session.id);
    expect(done).toMatchObject({ status: 'complete', paid: true, customerId: expect.stringMatching(/^cus_/), subscriptionId: expect.stringMatching(/^sub_/) });
    const abandoned = fake.createSession({ mode: 'payment', amountCents: 100 });
    fake.expireCheckout(abandoned.id);
    expect(await gateway.retrieveCheckout(abandoned.id)).toMatchObject({ status: 'expired', paid: false });
  });

  it('reads a subscription with its renewal date from its items', async () => {
    const session = fake.completeCheckout(fake.createSession({ mode: 'subscription', amountCents: 39_900 }).id);
    const subscription = fake.subscriptions.get(session.subscription ?? '');
    if (!subscription) throw new Error('no subscription');
    const snapshot = await gateway.retrieveSubscription(subscription.id);
    const periodEnd = subscription.items.data[0]?.current_period_end ?? 0;
    expect(snapshot).toEqual({
      id: subscription.id,
      status: 'active',
      customerId: session.customer,
      currentPeriodEnd: new Date(periodEnd * 1000),
      metadata: {},
    });
  });

  it('changes a plan with a new inline price: prorated and invoiced at once for an upgrade, from the next period for a downgrade', async () => {
    const session = fake.completeCheckout(fake.createSession({ mode: 'subscription', amountCents: 19_900 }).id);
    const subscriptionId = session.subscription ?? '';
    const line = { name: 'Ridgeline Business', description: 'Up to 50 active files', amountCents: 59_900, recurring: true };

    const upgraded = await gateway.changeSubscriptionPlan({ subscriptionId, line, metadata: { plan: 'business' }, prorate: true });
    expect(lastRequest('POST', '/v1/prices').body).toMatchObject({
      currency: 'usd',
      unit_amount: '59900',
      recurring: { interval: 'month' },
      product_data: { name: 'Ridgeline Business' },
    });
    const update = lastRequest('POST', `/v1/subscriptions/${subscriptionId}`).body;
    expect(update).toMatchObject({
      proration_behavior: 'always_invoice',
      metadata: { plan: 'business' },
      items: { '0': { id: expect.stringMatching(/^si_/), price: expect.stringMatching(/^price_/) } },
    });
    expect(upgraded).toMatchObject({ id: subscriptionId, status: 'active', metadata: { plan: 'business' } });
    expect(fake.subscriptions.get(subscriptionId)?.items.data[0]?.price).toMatchObject({ unit_amount: 59_900 });

    await gateway.changeSubscriptionPlan({
      subscriptionId,
      line: { ...line, name: 'Ridgeline Starter', amountCents: 19_900 },
      metadata: { plan: 'starter' },
      prorate: false,
    });
    expect(lastRequest('POST', `/v1/subscriptions/${subscriptionId}`).body).toMatchObject({ proration_behavior: 'none' });
  });

  it('opens the customer portal returning to the given page', async () => {
    const portal = await gateway.openPortal('cus_123', 'http://app.test/payments');
    expect(portal.url).toMatch(new RegExp(`^${fake.url}/portal/bps_`));
    expect(lastRequest('POST', '/v1/billing_portal/sessions').body).toEqual({ customer: 'cus_123', return_url: 'http://app.test/payments' });
  });

  it('reports a Stripe error as a failure, not as an empty answer', async () => {
    await expect(gateway.retrieveCheckout('cs_test_unknown')).rejects.toThrow(/No such checkout.session/);
  });

  it('verifies a webhook by its signature and refuses a wrong one, another secret or no secret at all', () => {
    const payload = JSON.stringify(fake.event('invoice.paid', { id: 'in_1', object: 'invoice' }, 'evt_1'));
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: FAKE_WEBHOOK_SECRET });
    expect(gateway.verifyWebhook(payload, header)).toMatchObject({ id: 'evt_1', type: 'invoice.paid' });

    expect(() => gateway.verifyWebhook(payload.replace('in_1', 'in_2'), header)).toThrow();
    const otherSecret = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    expect(() => gateway.verifyWebhook(payload, otherSecret)).toThrow();
    expect(() => gateway.verifyWebhook(payload, 't=1,v1=deadbeef')).toThrow();

    const unsigned = createStripeGateway({ secretKey: FAKE_STRIPE_KEY, webhookSecret: null, apiBase: fake.url });
    expect(() => unsigned.verifyWebhook(payload, header)).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });
});

function objectAt(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}
